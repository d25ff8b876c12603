"""Every route of the app. Views live in games/views/<area>.py.

Database ids are ``<dbid:...>``, not ``<int:...>``: an id too big for the database's
column is a 404 here instead of an OverflowError in the view's query.
"""

from django.urls import path, register_converter

from games.converters import DatabaseIdConverter
from games.views import (
    accounts,
    analysis,
    club,
    dealer_help,
    exports,
    help,
    jobs,
    join,
    lesson_help,
    manage,
    play,
    queue,
    table,
    teacher,
    upload,
)

register_converter(DatabaseIdConverter, "dbid")

urlpatterns = [
    path("", table.home, name="home"),
    path("favicon.ico", table.favicon, name="favicon"),
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", accounts.LogoutView.as_view(), name="logout"),
    path("logout/everywhere/", accounts.logout_everywhere, name="logout_everywhere"),
    path("account/", accounts.account, name="account"),
    path("password_change/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path("password_change/done/", accounts.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("password_reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path("password_reset/done/", accounts.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("reset/<uidb64>/<token>/", accounts.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("reset/done/", accounts.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("games/new/", table.new_game, name="new_game"),
    path("games/<dbid:pk>/", table.game, name="game"),
    path("games/<dbid:pk>/deal/", table.deal, name="deal"),
    path("games/<dbid:pk>/settings/", manage.game_settings, name="game_settings"),
    path("games/<dbid:pk>/delete/", manage.delete, name="game_delete"),
    path("games/<dbid:pk>/queue/<dbid:deck_pk>/move/", queue.move, name="queue_move"),
    path("games/<dbid:pk>/queue/<dbid:deck_pk>/remove/", queue.remove, name="queue_remove"),
    path("games/<dbid:pk>/queue/clear/", queue.clear, name="queue_clear"),
    path("games/<dbid:pk>/queue/go/", queue.go_to_board, name="queue_go"),
    path("games/<dbid:pk>/boards/<dbid:number>/again/", queue.play_again, name="play_again"),
    path("games/<dbid:pk>/boards/<dbid:number>/analysis/", analysis.board_analysis, name="board_analysis"),
    path("games/<dbid:pk>/export/<str:which>.<str:fmt>", exports.export, name="export"),
    path("games/<dbid:pk>/upload/", upload.upload, name="upload"),
    path("games/<dbid:pk>/upload/<uuid:token>/", upload.preview, name="upload_preview"),
    path("games/<dbid:pk>/upload/<uuid:token>/add/", upload.add, name="upload_add"),
    path("games/<dbid:pk>/upload/<uuid:token>/options/", upload.options, name="upload_options"),
    path("games/<dbid:pk>/upload/<uuid:token>/analysis/<str:key>/", analysis.deck_analysis, name="deck_analysis"),
    path("jobs/<dbid:pk>/", jobs.job, name="job"),
    path("jobs/<dbid:pk>/download/", jobs.download, name="job_download"),
    path("help/uploading-decks/", help.uploading_decks, name="help_upload"),
    path("help/dealer-scripts/", dealer_help.dealer_scripts, name="help_dealer"),
    path("help/lesson-text/", lesson_help.lesson_text_help, name="help_lesson"),
    # Join games: the invite link, seats, the polled seat view and the reveal.
    path("games/<dbid:pk>/join/<str:token>/", join.join_game, name="join_game"),
    path("games/<dbid:pk>/seat/", join.seat_poll, name="seat_poll"),
    path("games/<dbid:pk>/reveal/", join.reveal, name="join_reveal"),
    path("games/<dbid:pk>/invite/", join.new_invite, name="join_invite"),
    path("games/<dbid:pk>/seats/sit/", join.sit, name="seat_sit"),
    path("games/<dbid:pk>/seats/move/", join.move, name="seat_move"),
    path("games/<dbid:pk>/seats/remove/", join.remove, name="seat_remove"),
    path("games/<dbid:pk>/seats/robot/", join.seat_robot, name="seat_robot"),
    path("games/<dbid:pk>/seats/robot/out/", join.unseat_robot, name="seat_robot_out"),
    path("games/<dbid:pk>/seats/leave/", join.leave, name="seat_leave"),
    # A club night: the host adds and removes tables; a table goes on to the next board.
    path("games/<dbid:pk>/tables/add/", join.add_table, name="table_add"),
    path("games/<dbid:pk>/tables/remove/", join.remove_table, name="table_remove"),
    path("games/<dbid:pk>/tables/", club.tables, name="club_tables"),
    path("games/<dbid:pk>/tables/next/", club.next_board, name="table_next"),
    path("games/<dbid:pk>/tables/move-on/", club.move_on, name="table_move_on"),
    path("games/<dbid:pk>/results/", club.results, name="club_results"),
    path("games/<dbid:pk>/results.pbn", club.results_pbn, name="club_results_pbn"),
    path("games/<dbid:pk>/results.pdf", club.results_pdf, name="club_results_pdf"),
    # The teacher's view of a Join table: all four hands, live, and notes to the table.
    path("games/<dbid:pk>/teacher/", teacher.teacher_view, name="teacher_view"),
    path("games/<dbid:pk>/teacher/table/", teacher.teacher_poll, name="teacher_poll"),
    path("games/<dbid:pk>/teacher/note/", teacher.add_note, name="teacher_note"),
    path("games/<dbid:pk>/tables/<dbid:table>/teacher/", teacher.teacher_view, name="table_teacher_view"),
    path("games/<dbid:pk>/tables/<dbid:table>/teacher/table/", teacher.teacher_poll, name="table_teacher_poll"),
    path("games/<dbid:pk>/tables/<dbid:table>/teacher/note/", teacher.add_note, name="table_teacher_note"),
    # Playing the board on the table: Join seats, or a practice table's host.
    path("games/<dbid:pk>/play/felt/", table.felt, name="play_felt"),
    path("games/<dbid:pk>/play/call/", play.call, name="play_call"),
    path("games/<dbid:pk>/play/card/", play.card, name="play_card"),
    path("games/<dbid:pk>/play/claim/", play.claim, name="play_claim"),
    path("games/<dbid:pk>/play/accept/", play.answer, {"action": "accept"}, name="play_accept"),
    path("games/<dbid:pk>/play/reject/", play.answer, {"action": "reject"}, name="play_reject"),
    path("games/<dbid:pk>/play/ask-undo/", play.answer, {"action": "ask_undo"}, name="play_ask_undo"),
    path("games/<dbid:pk>/play/undo/", play.answer, {"action": "undo"}, name="play_undo"),
    path("games/<dbid:pk>/play/keep/", play.answer, {"action": "keep"}, name="play_keep"),
]
