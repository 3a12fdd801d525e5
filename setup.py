"""Packaging beyond what pyproject.toml can say: the rule pages in ``docs/rules/`` ship inside the
package as ``phoenixgames/rules/<game>.md``, so that ``phoenixgames rules GAME`` works from any
install, not only from a checkout."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "phoenixgames.rules"],
    package_dir={"": "src", "phoenixgames.rules": "docs/rules"},
)
