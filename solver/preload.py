"""What the batch's fork server imports before it forks its workers (`solver.batch`): the batch,
and numpy, which most solves and many deductions use, loaded once there and shared by every
worker (numpy imported by name is `solver.demand`'s stand-in, so it is loaded here for real).
Not pulp and the solvers' libraries: a worker forked from a process that has run HiGHS stalls
(highspy 1.16), so the fork server keeps away from them."""

import solver.batch  # noqa: F401
from solver.demand import loaded

loaded("numpy")
