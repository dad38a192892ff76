"""The balance lab (``claim lab``): what every faction, hero, location and artifact is worth.

:mod:`claim.lab.design` says which games a study plays (matched deals, the games of each),
:mod:`claim.lab.play` plays them, :mod:`claim.lab.kept` keeps finished games so a study resumes,
:mod:`claim.lab.analysis` turns games into effects with intervals, :mod:`claim.lab.report`
writes the CSV, Parquet and the HTML report, and :mod:`claim.lab.run` puts them together.
docs/lab.md explains the method and what a full study found.
"""
