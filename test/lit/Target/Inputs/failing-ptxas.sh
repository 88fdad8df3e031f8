#!/bin/sh
# A ptxas that fails the way the real one does: a message on stderr and a
# non-zero exit status.
echo "ptxas fatal   : Unresolved extern function 'frobnicate'" >&2
exit 255
