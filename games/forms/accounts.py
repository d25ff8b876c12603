"""Signing up."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text=_("Optional: only used to reset your password."))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
