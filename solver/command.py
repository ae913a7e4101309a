"""The `puzzle-solver` command: the command line (`solver.cli`) imported with the cyclic garbage
collector paused, then run.

The imports make a few hundred thousand objects (openpyxl, this project's modules) and no
garbage, yet the collector walks them again and again while they are made: a twentieth of a
one-sheet run's start-up. After the imports they are frozen (`gc.freeze`), so the collections
during the solve no longer walk them either. `python -m solver.command` is the same command."""

import gc


def run() -> None:
    gc.disable()
    try:
        from solver import cli
    finally:
        gc.freeze()
        gc.enable()
    cli.run()


if __name__ == "__main__":
    run()
