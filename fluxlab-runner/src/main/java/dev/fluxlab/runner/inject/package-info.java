/**
 * The load tools, one object each ({@link dev.fluxlab.runner.inject.LoadTool}), found by the name a load profile gives
 * in {@link dev.fluxlab.runner.inject.LoadTools}. Each refers to its traits in the model
 * ({@code dev.fluxlab.model.inject.Injectors}: protocols and capabilities, what the suite's checks read) and is one of
 * three sealed kinds that say how it is driven: fluxlab's own injector, a native command whose text output is parsed
 * ({@link dev.fluxlab.runner.inject.ExternalInjector}), or a JVM of its own classpath whose report is read
 * ({@link dev.fluxlab.runner.inject.JvmInjector}). This package depends on the model only, so validation
 * ({@code registry}) and the drivers ({@code drive}) can both read it.
 *
 * <p>Adding a tool: its traits in {@code Injectors}, a class of one of the kinds here, its line in {@code LoadTools},
 * and its tests (parsing recorded output, and the suite checks accepting and refusing it by capability).
 */
package dev.fluxlab.runner.inject;
