"""Every route of the app. Views live in games/views/<area>.py."""

from django.urls import path

from games.views import accounts, exports, help, queue, table, upload

urlpatterns = [
    path("", table.home, name="home"),
    path("favicon.ico", table.favicon, name="favicon"),
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", accounts.LogoutView.as_view(), name="logout"),
    path("games/new/", table.new_game, name="new_game"),
    path("games/<int:pk>/", table.game, name="game"),
    path("games/<int:pk>/deal/", table.deal, name="deal"),
    path("games/<int:pk>/queue/<int:deck_pk>/move/", queue.move, name="queue_move"),
    path("games/<int:pk>/queue/<int:deck_pk>/remove/", queue.remove, name="queue_remove"),
    path("games/<int:pk>/queue/clear/", queue.clear, name="queue_clear"),
    path("games/<int:pk>/export/<str:which>.<str:fmt>", exports.export, name="export"),
    path("games/<int:pk>/upload/", upload.upload, name="upload"),
    path("games/<int:pk>/upload/<uuid:token>/", upload.preview, name="upload_preview"),
    path("games/<int:pk>/upload/<uuid:token>/add/", upload.add, name="upload_add"),
    path("help/uploading-decks/", help.uploading_decks, name="help_upload"),
]

# Join games (issue 6): the invite link, seats, the polled seat view and the reveal.
from games.views import join  # noqa: E402

urlpatterns += [
    path("games/<int:pk>/join/<str:token>/", join.join_game, name="join_game"),
    path("games/<int:pk>/seat/", join.seat_poll, name="seat_poll"),
    path("games/<int:pk>/reveal/", join.reveal, name="join_reveal"),
    path("games/<int:pk>/invite/", join.new_invite, name="join_invite"),
    path("games/<int:pk>/seats/sit/", join.sit, name="seat_sit"),
    path("games/<int:pk>/seats/move/", join.move, name="seat_move"),
    path("games/<int:pk>/seats/remove/", join.remove, name="seat_remove"),
    path("games/<int:pk>/seats/leave/", join.leave, name="seat_leave"),
]
