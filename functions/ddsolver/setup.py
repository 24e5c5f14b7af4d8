"""The C extension's build: no dependency beyond the compiler and the Python headers, warnings on
and treated as errors, optimised; on x86-64 the POPCNT instruction (every x86-64 server of the
last decade has it, Cloud Functions' and Cloud Build's among them), which the search counts cards with."""
import platform

from setuptools import Extension, setup

FLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Wshadow", "-Wconversion", "-Werror"]
if platform.machine() in ("x86_64", "AMD64"):
    FLAGS.append("-mpopcnt")

setup(ext_modules=[Extension("ddsolver._search", sources=["ddsolver/_search.c"], extra_compile_args=FLAGS)])
