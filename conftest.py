"""pytest's settings that depend on which build of the core runs (:mod:`claim.native`).

``--doctest-modules`` imports each module of ``src/claim`` from its source file; a compiled core
module is an extension module instead, which pytest refuses ("import file mismatch"), and keeps
no docstrings anyway. With the compiled core, its doctests are left to the pure-Python run
(``make unit-pure`` collects ``src/claim/core``).
"""

from claim import native

collect_ignore_glob = [] if native.PURE else ["src/claim/core/*.py", "src/claim/core/*/*.py"]
