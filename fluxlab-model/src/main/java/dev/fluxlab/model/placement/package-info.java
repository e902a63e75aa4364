/**
 * Where a cell's processes run: CPU lists ({@link dev.fluxlab.model.placement.CpuList}), one role's host and CPUs
 * ({@link dev.fluxlab.model.placement.RolePlacement}), a cell's roles ({@link dev.fluxlab.model.placement.CellPlacement}),
 * the suite's mode ({@link dev.fluxlab.model.placement.PlacementMode}) and its automatic split
 * ({@link dev.fluxlab.model.placement.AutoPlacement}). Read from a suite by {@code suite.SuitePlacement}.
 */
package dev.fluxlab.model.placement;
