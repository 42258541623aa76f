"""The audit on a Dask cluster, from and to fsspec URLs (the optional ``dask`` extra).

``auditor audit PATH... --scheduler local|tcp://HOST:PORT`` hands the run to
``run.audit_on_cluster``: the inputs are split into pieces (a whole file, a byte range of
a large file cut at a hand header, or hand blocks the client cut from a stream), each
piece is audited by a task on a worker, and the client stitches the pieces back in file
order with the same code the local run uses, so that the report is the local run's.

Nothing here imports Dask or fsspec at import time: ``urls`` is pure, and the modules
that need them import them inside their functions or are only imported with
``--scheduler``.
"""
