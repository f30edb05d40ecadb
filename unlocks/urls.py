

app_name = "unlocks"

urlpatterns: list = []
