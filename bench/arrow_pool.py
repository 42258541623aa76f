"""Arrow's memory pool in a bench process, chosen as the command line of the auditor
under test chooses it (``auditor.lean_imports.prefer_system_allocator``), so that the
in-process stage split allocates as the audit command does. Import this module before
anything imports pyarrow. The variable is not left set: each command line run the bench
starts makes its own choice (an older auditor's, its own)."""

import os

try:
    from auditor.lean_imports import ARROW_POOL_VARIABLE, prefer_system_allocator
except ImportError:  # an auditor from before the choice (bench/LEVERS.md §35)
    pass
else:
    if prefer_system_allocator():
        import pyarrow

        pyarrow.default_memory_pool()  # (Arrow has read the variable)
        del os.environ[ARROW_POOL_VARIABLE]
