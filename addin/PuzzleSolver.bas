Attribute VB_Name = "PuzzleSolver"
' The puzzle solver's buttons. Each macro hands the button press to Python through xlwings'
' RunPython; the Python side is addin/buttons.py of the puzzle-solver package, which must be
' installed in the Python that xlwings runs (its Interpreter setting). Python reads the active
' sheet, solves, writes the answer into the cells and reports in a message box.
'
' The three stages of the original workbook, with files beside this workbook:
'   MakeLP        writes <book>-<sheet>.lp    (the model, CPLEX LP format)
'   RunSolver     solves it into <book>-<sheet>.sol (SCIP's solution format)
'   ReadSolution  puts the answer from the .sol file into the cells
' and, without files: SolvePuzzle, ClearAnswer, CheckUnique, and for solving by hand
' CheckAnswer (names the broken rules, marks their cells) and GiveHint (fills in one cell).
Option Explicit

Public Sub MakeLP()
    RunPython "import addin.buttons; addin.buttons.make_lp()"
End Sub

Public Sub RunSolver()
    RunPython "import addin.buttons; addin.buttons.run_solver()"
End Sub

Public Sub ReadSolution()
    RunPython "import addin.buttons; addin.buttons.read_solution()"
End Sub

Public Sub SolvePuzzle()
    RunPython "import addin.buttons; addin.buttons.solve()"
End Sub

Public Sub ClearAnswer()
    RunPython "import addin.buttons; addin.buttons.clear()"
End Sub

Public Sub CheckUnique()
    RunPython "import addin.buttons; addin.buttons.check_unique()"
End Sub

Public Sub CheckAnswer()
    RunPython "import addin.buttons; addin.buttons.check_answer()"
End Sub

Public Sub GiveHint()
    RunPython "import addin.buttons; addin.buttons.hint()"
End Sub
