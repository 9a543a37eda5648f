# RUN: echo-tool first > %t && echo-tool second >> %t
# RUN: cat %t | FileCheck %s
# RUN: cat %t | count 2
# RUN: not FileCheck %s --check-prefix=BAD --input-file=%t
# RUN: rm -f %t && not cat %t
# CHECK: first
# CHECK-NEXT: second
# BAD: third
