//! Alerts for part numbers and zones: upload, approvals, kiosk display.
plantdoc_core::module!(AlertsPlugin);
