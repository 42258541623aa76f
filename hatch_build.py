"""The opt-in compiled build: ``AUDITOR_MYPYC=1 pip install .`` compiles the hot modules
(``MODULES`` of ``auditor/compiled.py``) with mypyc into the wheel, and builds the C
extensions of ``EXTENSIONS`` beside them (where expat's header is found). Without it, this
hook does nothing and asks for nothing: the wheel is pure Python, as every editable
install is.

The compiled wheel also keeps every ``.py``: an extension module beside its source wins
on import, and the sources stay readable in tracebacks. The build's own dependencies
(a pinned mypy, setuptools) are asked for only when it is enabled (``dependencies``). The
C build runs in a temporary folder, so nothing compiled is ever left in the source tree,
where an editable install would import it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MYPY = "mypy==2.4.1"  # pinned: the compiled code is the compiler's
ENV = "AUDITOR_MYPYC"


def enabled() -> bool:
    return os.environ.get(ENV, "") not in ("", "0")


_SETUP = """\
from setuptools import Extension, setup
from mypyc.build import mypycify

extensions = [Extension(name, [source], extra_compile_args=["-O2"])
              for name, source in {extensions!r}]
setup(name="auditor_mypyc",
      ext_modules=mypycify({args!r}, opt_level="3") + extensions)
"""


def _expat_header() -> bool:
    """Whether expat's header is where the C compiler looks (the C extensions include
    it; they call the expat Python was built with, through pyexpat's C API)."""
    dirs = [sysconfig.get_paths()["include"], "/usr/include", "/usr/local/include"]
    for variable in ("CPATH", "C_INCLUDE_PATH"):
        dirs += [d for d in os.environ.get(variable, "").split(os.pathsep) if d]
    return any((Path(d) / "expat.h").is_file() for d in dirs)


class CompiledBuild(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return [MYPY, "setuptools>=70"] if enabled() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not enabled():
            return
        if version == "editable":
            self.app.display_warning(f"{ENV}: editable installs stay pure Python")
            return
        # The list of modules lives in the package (auditor/compiled.py), which reports
        # them at run time; that module needs nothing beyond the standard library.
        spec = importlib.util.spec_from_file_location(
            "_auditor_compiled", Path(self.root) / "auditor" / "compiled.py")
        assert spec is not None and spec.loader is not None
        listing = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(listing)
        modules: tuple[str, ...] = listing.MODULES
        mypy_args: tuple[str, ...] = listing.MYPY_ARGS
        self._tmp = tempfile.TemporaryDirectory(prefix="auditor-mypyc-")
        tmp = Path(self._tmp.name)
        root = Path(self.root)
        extensions: dict[str, str] = dict(listing.EXTENSIONS)
        needs_expat = [name for name, source in extensions.items()
                       if "#include <expat.h>" in (root / source).read_text()]
        if needs_expat and not _expat_header():
            # The C extensions are optional at run time (each has a Python fallback).
            self.app.display_warning(
                f"{ENV}: no expat.h (Debian: apt install libexpat1-dev): "
                f"{', '.join(needs_expat)} left out; the Python fallback runs")
            for name in needs_expat:
                del extensions[name]
        (tmp / "setup.py").write_text(_SETUP.format(
            args=[*mypy_args, *(str(root / m) for m in modules)],
            extensions=[(name, str(root / source)) for name, source in extensions.items()]))
        out = tmp / "lib"
        self.app.display_info(f"{ENV}: compiling {len(modules)} modules with mypyc and "
                              f"{len(extensions)} C extensions ...")
        # From the temporary folder: setuptools must not read this project's pyproject.toml,
        # and mypy writes its cache and the C files there.
        done = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--build-lib", str(out),
             "--build-temp", str(tmp / "build")],
            cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode:
            raise RuntimeError(f"mypyc build failed:\n{done.stdout[-6000:]}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = sorted(out.rglob(f"*{suffix}"))
        wanted = {m[: -len(".py")] for m in modules}
        wanted |= {name.replace(".", "/") for name in extensions}
        found = {str(p.relative_to(out))[: -len(suffix)] for p in built}
        if not wanted <= found:
            raise RuntimeError(f"mypyc built {sorted(found)}, not {sorted(wanted)}")
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(out))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()
