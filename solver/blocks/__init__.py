"""Shared modelling blocks: geometry of grids, the MIP rows that several genres build from
(cells, lines, rooms, digits, placements, regions, connectivity), and what the blocks and the
sheet both need (violation, names, values). No block reads or writes a sheet, nor imports the
io package that does: each block's sheet side lives there."""
