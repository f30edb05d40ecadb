from django.urls import path

from campaign import picture_views
from campaign.charts import PICTURED

app_name = "pictures"

urlpatterns = [
    path("<slug:slug>/charts/", picture_views.charts_page, name="charts"),
    # Each chart drawn as a picture, at an address of its own that takes only the slug.
    *(
        path(
            f"<slug:slug>/charts/{chart}.svg",
            picture_views.chart_picture,
            {"chart": chart},
            name=f"chart_{chart}",
        )
        for chart in PICTURED
    ),
    path("<slug:slug>/trackers/<slug:key>.png", picture_views.tracker_png, name="tracker_png"),
    path(
        "<slug:slug>/games/<number:number>/summary/",
        picture_views.game_summary,
        name="game_summary",
    ),
]
