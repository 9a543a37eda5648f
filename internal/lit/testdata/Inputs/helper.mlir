// RUN: this is an input file and must not be discovered
