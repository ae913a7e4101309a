"""What goes in and out: sheets (openpyxl and xlwings books, the answer written into cells),
puzz.link URLs, pictures of answers, and the spellings users type; and the sheet side of the
modelling blocks (solver.blocks): answers written into the cells and read back, rooms, black
cells and lists typed into a grid."""
