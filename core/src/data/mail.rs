//! Outgoing mail. Every message is written to the outbox table first; with SMTP
//! configured it is then sent through lettre and marked sent, otherwise it stays in the
//! outbox and a log line says so (a plant without mail still works).
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use sqlx::{AnyConnection, Row};

use crate::base::config::{MailSettings, SmtpTls};
use crate::data::db::Db;

/// What a sent personal mail's body becomes in the outbox (a reset link is not kept).
pub const SENT_BLANK: &str = "(sent; the text of a personal mail is not kept)";

pub struct Mailer {
    from: Mailbox,
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
}

impl Mailer {
    pub fn new(s: &MailSettings) -> anyhow::Result<Self> {
        let from: Mailbox =
            s.from.parse().map_err(|e| anyhow::anyhow!("configuration error: mail.from: {e}"))?;
        let smtp = if s.smtp.host.is_empty() {
            None
        } else {
            let h = &s.smtp.host;
            let mut b = match s.smtp.tls {
                SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(h),
                SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(h)?,
                SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(h)?,
            }
            .port(s.smtp.port)
            .timeout(Some(std::time::Duration::from_secs(10)));
            if !s.smtp.username.is_empty() {
                b = b.credentials(Credentials::new(
                    s.smtp.username.clone(),
                    s.smtp.password.expose().to_string(),
                ));
            }
            Some(b.build())
        };
        Ok(Self { from, smtp })
    }

    /// Queues and (with SMTP) sends one plain-text message.
    pub async fn send(
        &self,
        db: &Db,
        now_ms: i64,
        to: &str,
        subject: &str,
        body: &str,
    ) -> anyhow::Result<()> {
        self.send_with_html(db, now_ms, to, subject, body, None).await
    }

    /// Queues and (with SMTP) sends one message: plain text, and with `html` an HTML
    /// alternative of the same text (notifications).
    pub async fn send_with_html(
        &self,
        db: &Db,
        now_ms: i64,
        to: &str,
        subject: &str,
        body: &str,
        html: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut conn = db.pool.acquire().await?;
        let id = self.queue(&mut conn, now_ms, to, subject, body).await?;
        drop(conn);
        self.transmit(db, now_ms, &id, to, subject, body, html).await
    }

    /// Writes one message to the outbox on `conn` (inside the caller's transaction) and
    /// answers its id; [`Self::deliver`] sends it.
    pub async fn queue(
        &self,
        conn: &mut AnyConnection,
        now_ms: i64,
        to: &str,
        subject: &str,
        body: &str,
    ) -> Result<String, sqlx::Error> {
        let id = crate::data::db::new_id();
        sqlx::query("INSERT INTO outbox (id, to_addr, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&id)
            .bind(to)
            .bind(subject)
            .bind(body)
            .bind(now_ms)
            .execute(&mut *conn)
            .await?;
        Ok(id)
    }

    /// Sends a queued message (plain text) unless it was sent already; once sent, its
    /// body is blanked (it may have carried a one-time secret: personal events). Without
    /// SMTP it stays in the outbox, as every mail does.
    pub async fn deliver(&self, db: &Db, now_ms: i64, id: &str) -> anyhow::Result<()> {
        let row = sqlx::query("SELECT to_addr, subject, body, sent_at FROM outbox WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
        let Some(row) = row else { anyhow::bail!("outbox message {id} is gone") };
        if row.try_get::<Option<i64>, _>("sent_at")?.is_some() {
            return Ok(());
        }
        let (to, subject, body): (String, String, String) =
            (row.try_get("to_addr")?, row.try_get("subject")?, row.try_get("body")?);
        self.transmit(db, now_ms, id, &to, &subject, &body, None).await?;
        if self.smtp.is_some() {
            sqlx::query("UPDATE outbox SET body = $1 WHERE id = $2 AND sent_at IS NOT NULL")
                .bind(SENT_BLANK)
                .bind(id)
                .execute(&db.pool)
                .await?;
        }
        Ok(())
    }

    /// Sends the outbox message `id` through SMTP and records the outcome there.
    #[expect(clippy::too_many_arguments, reason = "one message's parts, each a plain value")]
    async fn transmit(
        &self,
        db: &Db,
        now_ms: i64,
        id: &str,
        to: &str,
        subject: &str,
        body: &str,
        html: Option<&str>,
    ) -> anyhow::Result<()> {
        let Some(smtp) = &self.smtp else {
            tracing::info!(outbox_id = %id, to, subject, "mail kept in the outbox (no SMTP configured)");
            return Ok(());
        };
        // A reserved address (RFC 2606: a badge-only person's) has no mailbox: never sent.
        if to.ends_with(".invalid") {
            tracing::info!(outbox_id = %id, subject, "mail kept in the outbox (no mailbox: a badge-only person)");
            return Ok(());
        }
        let b = Message::builder().from(self.from.clone()).to(to.parse()?).subject(subject);
        let msg = match html {
            None => b.header(ContentType::TEXT_PLAIN).body(body.to_string())?,
            Some(h) => {
                b.multipart(MultiPart::alternative_plain_html(body.to_string(), h.to_string()))?
            }
        };
        match smtp.send(msg).await {
            Ok(_) => {
                sqlx::query("UPDATE outbox SET sent_at = $1 WHERE id = $2")
                    .bind(now_ms)
                    .bind(id)
                    .execute(&db.pool)
                    .await?;
                tracing::info!(outbox_id = %id, to, subject, "mail sent");
                Ok(())
            }
            Err(e) => {
                sqlx::query("UPDATE outbox SET error = $1 WHERE id = $2")
                    .bind(e.to_string())
                    .bind(id)
                    .execute(&db.pool)
                    .await?;
                Err(e.into())
            }
        }
    }
}
