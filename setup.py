"""The build, beside pyproject.toml (which says everything else): the hot path of
src/parlor/compiled.py compiled with mypyc into C extensions, from the same source.

Optional: without mypyc or a C compiler, when the compile fails, with PARLOR_PURE=1, and in an
editable install (a compiled module would hide the edits to its source), the same modules install
as pure Python and a warning says why (pip shows it with -v). `parlor --version` says which build is running."""

import os
import runpy

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.dist import Distribution

HOT = runpy.run_path(os.path.join("src", "parlor", "compiled.py"))["HOT"]


class OptionalMypyc(build_ext):
    def finalize_options(self) -> None:
        commands = set(self.distribution.commands)
        if commands & {"bdist_wheel", "build", "build_ext", "install"}:  # not metadata: mypyc once
            self.distribution.ext_modules = self._mypyc_extensions()
        elif commands & {"editable_wheel", "develop"}:
            self._pure("an editable install runs the source as it is edited")
        super().finalize_options()

    def _mypyc_extensions(self) -> list:
        if os.environ.get("PARLOR_PURE"):
            self._pure("PARLOR_PURE is set")
            return []
        try:
            from mypyc.build import mypycify
            paths = [os.path.join("src", *name.split(".")) + ".py" for name in HOT]
            # The compiled modules must be type-clean; what they import need not be checked here
            # (the build has none of parlor's dependencies).
            return mypycify(["--follow-imports=silent", *paths], opt_level="3", group_name="parlor.hot")
        except (Exception, SystemExit) as e:  # no mypyc, or it refused the source (it exits then)
            self._pure(f"mypyc did not compile: {e!r}")
            return []

    def build_extensions(self) -> None:
        try:
            super().build_extensions()
        except Exception as e:  # no C compiler, or it failed: leave no half of the extensions behind
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            self._pure(f"the C compile failed: {e!r}")

    def _pure(self, why: str) -> None:
        self.warn(f"parlor: installing the hot path as pure Python ({why})")


class HotPathDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return True  # the extensions are listed only when build_ext runs (mypyc takes a while)


setup(distclass=HotPathDistribution, cmdclass={"build_ext": OptionalMypyc})
