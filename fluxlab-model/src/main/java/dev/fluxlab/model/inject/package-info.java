/**
 * The load tools a suite may name and what each can do ({@link dev.fluxlab.model.inject.Injectors},
 * {@link dev.fluxlab.model.inject.InjectorTraits}, {@link dev.fluxlab.model.inject.Capability}): declared here, in
 * the model, because the suite's own checks read them; how each tool is driven and read lives with its tool class
 * in the runner ({@code dev.fluxlab.runner.inject}), which refers to these declarations.
 */
package dev.fluxlab.model.inject;
