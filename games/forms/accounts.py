"""Signing up."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional: only used to reset your password.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
