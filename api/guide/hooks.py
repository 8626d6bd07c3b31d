"""The guide's generated pages, made from the project's own sources when the guide is built: the REST
operations from ``openapi.yaml``, each game's rulings from its ``RULINGS.md``, and each shipped kit's text
from its file. So these pages cannot drift from what they describe."""

from __future__ import annotations

from pathlib import Path

import yaml
from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parents[2]
SPEC = Path(__file__).resolve().parents[1] / "openapi.yaml"
"""The spec the package holds (in a checkout, a link to the top's ``openapi.yaml``)."""
GAMES = ROOT / "domain" / "games"
KITS = GAMES / "table_kit" / "kits"
METHODS = ("get", "post", "put", "patch", "delete")


def on_files(files, config):
    """Adds the generated pages to the site's files."""
    for uri, text in generated_pages().items():
        files.append(File.generated(config, uri, content=text))
    return files


def generated_pages() -> dict[str, str]:
    """Each generated page's path in the guide and its Markdown."""
    pages = {"reference/rest-operations.md": rest_operations(yaml.safe_load(SPEC.read_text("utf-8")))}
    rulings = sorted(folder for folder in GAMES.iterdir() if (folder / "RULINGS.md").is_file())
    pages["reference/rulings/index.md"] = "# Rulings\n\nWhere a game's rule text is silent or could be read two ways, " \
        "its rulings say what ludolog does, and why. A ruling that invents a number or a mechanic is an option, " \
        "today's choice its default.\n\n" + "".join(f"- [{title(folder)}]({slug(folder)}.md)\n" for folder in rulings)
    for folder in rulings:
        pages[f"reference/rulings/{slug(folder)}.md"] = demoted((folder / "RULINGS.md").read_text("utf-8"), title(folder))
    kits = sorted(KITS.glob("*.yaml"))
    pages["reference/kits/index.md"] = "# The shipped kits\n\nThe kits ludolog ships, each as its file reads " \
        "(`ludolog new NAME` plays one by its name; copy one to start your own).\n\n" + "".join(
            f"- [{kit.stem}]({kit.stem}.md): {kit_title(kit)}\n" for kit in kits)
    for kit in kits:
        pages[f"reference/kits/{kit.stem}.md"] = (f"# {kit.stem}\n\n{kit_title(kit)}. The file `{kit.name}`, as shipped:\n\n"
                                                  f"````yaml\n{kit.read_text('utf-8').rstrip()}\n````\n")
    return pages


def slug(folder: Path) -> str:
    return folder.name.replace("_", "-")


def title(folder: Path) -> str:
    """The game's name, as its RULINGS.md's first heading gives it (``# Correction — rulings``)."""
    first = next((line for line in (folder / "RULINGS.md").read_text("utf-8").splitlines() if line.startswith("# ")), "")
    return first.removeprefix("# ").removesuffix(" — rulings").strip() or folder.name.replace("_", " ").title()


def kit_title(kit: Path) -> str:
    document = yaml.safe_load(kit.read_text("utf-8"))
    return str(document.get("title") or kit.stem) if isinstance(document, dict) else kit.stem


def demoted(text: str, name: str) -> str:
    """A RULINGS.md as a page: its first heading the page's title, its links to files outside the guide as code."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        lines.insert(0, f"# {name}: rulings")
    return "\n".join(lines) + "\n"


def rest_operations(spec: dict) -> str:
    """Every operation of the spec: its method and path, summary, description, and each status it answers."""
    out = ["# REST operations", "",
           f"Every operation of `openapi.yaml` ({spec['info']['title']} {spec['info']['version']}), made from the spec "
           "when the guide is built; the served spec is at [/openapi.yaml](/openapi.yaml), its full reference "
           "page at [/docs](/docs).", ""]
    for path, item in spec["paths"].items():
        for method in METHODS:
            if method not in item:
                continue
            operation = item[method]
            out += [f"## `{method.upper()} {path}`", "", operation.get("summary", "").strip(), ""]
            if operation.get("description"):
                out += [operation["description"].strip(), ""]
            out += ["| status | means |", "|---|---|"]
            for status, answer in operation.get("responses", {}).items():
                if "$ref" in answer:
                    answer = resolve(spec, answer["$ref"])
                words = " ".join(str(answer.get("description", "")).split()).replace("|", "\\|")
                out.append(f"| {status} | {words} |")
            out.append("")
    return "\n".join(out)


def resolve(spec: dict, reference: str) -> dict:
    node = spec
    for part in reference.removeprefix("#/").split("/"):
        node = node[part]
    return node
