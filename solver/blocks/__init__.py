"""Shared modelling blocks: geometry of grids, and the MIP rows that several genres build from
(cells, lines, rooms, digits, placements, regions, connectivity). No block reads or writes a
sheet."""
