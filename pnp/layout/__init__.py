"""Pure geometry: where faces, marks and pages go. No drawing here."""
