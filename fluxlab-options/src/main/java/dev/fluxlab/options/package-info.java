/**
 * The option vocabulary every fluxlab command line shares: the {@code fluxlab} command's (fluxlab-cli) and each target
 * family's own program ({@code ReactorServe}, {@code OtherServe}). {@link dev.fluxlab.options.OptionValues} reads
 * values by type and refuses a bad one in one frame, {@code <command>: <option>: <problem and fix>}, exit 2
 * ({@link dev.fluxlab.options.ShortErrors}); the options several commands take are written once here
 * ({@link dev.fluxlab.options.BindOptions}, {@link dev.fluxlab.options.BackendUrl},
 * {@link dev.fluxlab.options.TransportValue}, {@link dev.fluxlab.options.LoadValues}). Below the targets and the CLI
 * alike, so a system under test never depends on the lab's command line.
 */
package dev.fluxlab.options;
