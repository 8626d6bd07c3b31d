"""The app's icon: ``/favicon.ico`` answers an SVG die (not a 404 on every page), and the page links it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from api.web import ICON


def test_favicon_is_served_as_an_svg_not_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True) == ICON
    root = ElementTree.fromstring(response.get_data())
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 32 32"
    assert len(root.findall(".//{http://www.w3.org/2000/svg}circle")) == 5  # a die showing five
    assert response.headers["X-Content-Type-Options"] == "nosniff" and "max-age=86400" in response.headers["Cache-Control"]
    assert client.head("/favicon.ico").status_code == 200


def test_the_page_links_its_icon_where_it_is_served(client):
    page = client.get("/").get_data(as_text=True)
    links = re.findall(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page)
    assert links == ["/favicon.ico"]
    assert client.get(links[0]).status_code == 200
