"""What goes in and out: sheets (openpyxl and xlwings books, the answer written into cells),
puzz.link URLs, pictures of answers, and the spellings users type."""
