from django.urls import path

from campaign.charts import PICTURED
from campaign.views import pictures

app_name = "pictures"

urlpatterns = [
    path("<slug:slug>/charts/", pictures.charts_page, name="charts"),
    # Each chart drawn as a picture, at an address of its own that takes only the slug.
    *(
        path(
            f"<slug:slug>/charts/{chart}.svg",
            pictures.chart_picture,
            {"chart": chart},
            name=f"chart_{chart}",
        )
        for chart in PICTURED
    ),
    path("<slug:slug>/trackers/<slug:key>.png", pictures.tracker_png, name="tracker_png"),
    path(
        "<slug:slug>/games/<number:number>/summary/",
        pictures.game_summary,
        name="game_summary",
    ),
]
