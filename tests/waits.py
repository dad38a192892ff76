"""How long the tests wait for what they wait for.

A test waits for an event (a line printed, a file written, a server answering, a process ended)
and never sleeps a fixed time: a fixed time is either too short on a busy machine (``make test``
on a fresh clone ran at load 6 to 10 on 2 cores) or wasted on an idle one. The deadline below only
ends a wait for something that never comes, so that a broken run fails instead of hanging.
"""

from __future__ import annotations

#: the most a test waits for an event: far beyond what any takes on a busy machine, so that only
#: an event that never comes fails the test
PATIENCE_S = 600
