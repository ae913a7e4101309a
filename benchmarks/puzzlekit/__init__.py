"""Converters from the puzzlekit dataset's text grids (janko.at puzzles with answers) to the
cells a person types, one module per genre: DATASET, cells(problem), expected(solution)."""
