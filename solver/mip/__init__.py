"""The MIP: a genre's model (variables named as the seed names them, rows, lazy cuts) and the
back ends that solve it (HiGHS, SCIP, CBC) or write and read its `.lp` and `.sol` files."""
