//! What the island module reads of an SWP, offered as the core's `DeployedDocs` port
//! ([`Docs`]): the deployed version an operator signs (its id, part number and the
//! SHA-256 of the SWC, JES and VIS it was made of) and an operator's standing for it.
//! The island records signatures in the core's acknowledgements store; this module owns
//! the SWPs.
use std::sync::{LazyLock, OnceLock};

use plantdoc_core::acks;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::AppResult;
use plantdoc_core::ports::{
    self, async_trait, ChangeControl, DeployedDocs, InForceDoc, PackedDoc, SignableVersion,
    Standing, VersionFile,
};

use sqlx::any::AnyRow;
use sqlx::Row;

use crate::in_force::in_force;
use crate::model::SwpStatus;
use crate::KIND;

/// A deployed SWP as the kiosk signs it.
#[derive(Debug, Clone)]
pub struct KioskSwp {
    pub id: String,
    pub part_number: String,
    pub company_code: String,
    /// The version's SHA-256: a signature binds to it.
    pub content_hash: String,
}

impl KioskSwp {
    fn signable(self) -> SignableVersion {
        SignableVersion {
            kind: KIND,
            id: self.id,
            part_number: self.part_number,
            version_hash: self.content_hash,
        }
    }
}

/// The SWPs as the core's `DeployedDocs` port (provided in `build`).
pub struct Docs;

#[async_trait]
impl DeployedDocs for Docs {
    async fn deployed(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
    ) -> AppResult<Option<SignableVersion>> {
        Ok(deployed_version(state, viewer, doc_id).await?.map(KioskSwp::signable))
    }

    async fn standing(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
        op_id: &str,
    ) -> AppResult<Standing> {
        standing(state, viewer, doc_id, op_id).await
    }

    /// In force now, or deployed at `at_ms` and superseded since (its deploy at or before
    /// then, its obsolescence after, or its successor held back for the viewer then): an
    /// offline read of it is kept as a read of that revision (decisions 121, 126).
    async fn deployed_at(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
        at_ms: i64,
    ) -> AppResult<Option<SignableVersion>> {
        if let Some(v) = deployed_version(state, viewer, doc_id).await? {
            return Ok(Some(v.signable()));
        }
        let Some(s) = crate::store::fetch_one(&state.db, doc_id).await? else { return Ok(None) };
        let mut then = s.status == SwpStatus::Obsolete
            && s.deploy_date.is_some_and(|d| d <= at_ms)
            && s.obsolete_date.is_some_and(|o| o > at_ms);
        if !then && s.status == SwpStatus::Obsolete && s.deploy_date.is_some_and(|d| d <= at_ms) {
            // Superseded already, but held over at this kiosk then (change control, decision 126).
            then =
                crate::in_force::held_over_at(state, viewer, doc_id, &s.part_number, at_ms).await?;
        }
        let seen = Seen::from_parts(&s);
        if !then || !seen.visible_to(state, viewer) {
            return Ok(None);
        }
        Ok(Some(seen.swp.signable()))
    }

    async fn files(&self, state: &AppState, doc_id: &str) -> AppResult<Vec<VersionFile>> {
        crate::translations::version_files(&state.db, doc_id).await
    }

    async fn in_force_for_part(
        &self,
        state: &AppState,
        viewer: &User,
        part_number: &str,
        zone: &str,
    ) -> AppResult<Option<InForceDoc>> {
        in_force_for_part(state, viewer, part_number, zone).await
    }

    async fn zone_pack(
        &self,
        state: &AppState,
        viewer: &User,
        zone: &str,
    ) -> AppResult<Vec<PackedDoc>> {
        crate::pack::zone_pack(state, viewer, zone).await
    }
}

/// The part's revision in force in `zone` if `user` may see it, with its originals'
/// SHA-256 (a machine's read: one statement and the files' hashes): the current one, or,
/// while change control holds it back in that zone, the one it superseded.
async fn in_force_for_part(
    state: &AppState,
    user: &User,
    part_number: &str,
    zone: &str,
) -> AppResult<Option<InForceDoc>> {
    static SQL: LazyLock<String> = LazyLock::new(|| in_force_sql(""));
    // With change control, the revision's effective days come in the same statement.
    static WITH_DAYS: OnceLock<String> = OnceLock::new();
    let cc = state.port::<dyn ChangeControl>();
    let sql = match &cc {
        Some(cc) => WITH_DAYS
            .get_or_init(|| in_force_sql(&format!(", {} AS days", cc.effective_days_sql("s.id")))),
        None => SQL.as_str(),
    };
    let row = sqlx::query(sql)
        .bind(&user.company_code)
        .bind(part_number)
        .fetch_optional(&mut *state.db.reader().await?)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let Some(seen) = Seen::from_row(&row)? else { return Ok(None) };
    if seen.status != SwpStatus::Deployed
        || !seen.zones.iter().any(|z| z == zone)
        || !seen.visible_to(state, user)
    {
        return Ok(None);
    }
    if cc.is_none() {
        return in_force_doc(&row, None);
    }
    let days = ports::parse_days(&row.try_get::<String, _>("days")?);
    let zones = [zone.to_string()];
    if !ports::held_back(&days, &zones, &ports::day_of(state.now_ms())) {
        // In force in this zone from its effective day (reached), else from the deploy.
        let day = days.iter().find(|(z, _)| z == zone).map(|(_, d)| d.as_str());
        return in_force_doc(&row, day.and_then(ports::day_start_ms));
    }
    // Held back here: the revision it superseded stays in force (revision - 1, obsolete).
    static PREVIOUS: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {} FROM swps s WHERE s.company_code = $1 AND s.part_number = $2 \
             AND s.revision = $3 AND s.status = 'obsolete'",
            *IN_FORCE_COLUMNS
        )
    });
    let revision = row.try_get::<Option<i64>, _>("revision")?.unwrap_or_default();
    let prev = sqlx::query(PREVIOUS.as_str())
        .bind(&user.company_code)
        .bind(part_number)
        .bind(revision - 1)
        .fetch_optional(&mut *state.db.reader().await?)
        .await?;
    prev.map_or(Ok(None), |r| in_force_doc(&r, None))
}

/// [`in_force_for_part`]'s statement: the part's current revision, with `extra` columns.
fn in_force_sql(extra: &str) -> String {
    format!(
        "SELECT {}{extra} FROM swp_parts sp JOIN swps s ON s.id = sp.current_id \
         WHERE sp.company_code = $1 AND sp.part_number = $2",
        *IN_FORCE_COLUMNS
    )
}

/// What [`in_force_for_part`] reads of a revision over `FROM swps s`.
static IN_FORCE_COLUMNS: LazyLock<String> = LazyLock::new(|| {
    use plantdoc_core::files::sha256_sql;
    format!(
        "s.id, s.part_number, s.company_code, s.content_hash, s.status, s.zones, s.owner_id, s.on_behalf_id, \
         s.revision, s.deploy_date, {} AS swc_sha, {} AS jes_sha, {} AS vis_sha",
        sha256_sql("s.swc_file"),
        sha256_sql("s.jes_file"),
        sha256_sql("s.vis_file")
    )
});

/// The revision of a row read with [`IN_FORCE_COLUMNS`], in force from `effective_ms` (its
/// deploy when `None`).
fn in_force_doc(row: &AnyRow, effective_ms: Option<i64>) -> AppResult<Option<InForceDoc>> {
    let Some(seen) = Seen::from_row(row)? else { return Ok(None) };
    // The originals' hashes come with the row (one statement for the whole read).
    let files = ["swc", "jes", "vis"]
        .iter()
        .map(|section| {
            Ok(VersionFile {
                section: section.to_string(),
                lang: None,
                sha256: row
                    .try_get::<Option<String>, _>(format!("{section}_sha").as_str())?
                    .unwrap_or_default(),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let deploy_ms = row.try_get::<Option<i64>, _>("deploy_date")?.unwrap_or_default();
    Ok(Some(InForceDoc {
        id: seen.swp.id,
        revision: row.try_get::<Option<i64>, _>("revision")?.unwrap_or_default(),
        content_hash: seen.swp.content_hash,
        files,
        deploy_ms,
        effective_ms: effective_ms.unwrap_or(deploy_ms).max(deploy_ms),
    }))
}

/// The SWP if it is in force now for `user` and they may see it (a superseded revision
/// cannot be signed, but while change control holds its successor back).
async fn deployed_version(
    state: &AppState,
    user: &User,
    swp_id: &str,
) -> AppResult<Option<KioskSwp>> {
    let Some(s) = seen(state, swp_id).await?.filter(|s| s.visible_to(state, user)) else {
        return Ok(None);
    };
    let part = &s.swp.part_number;
    Ok(crate::in_force::in_force(state, user, swp_id, part, s.status).await?.then_some(s.swp))
}

/// The SWP with this id, whoever may see it.
pub(crate) async fn seen(state: &AppState, id: &str) -> Result<Option<Seen>, sqlx::Error> {
    static SQL: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| format!("SELECT {SEEN_COLUMNS} FROM swps s WHERE s.id = $1"));
    let row =
        sqlx::query(SQL.as_str()).bind(id).fetch_optional(&mut *state.db.reader().await?).await?;
    match row {
        Some(r) => Seen::from_row(&r),
        None => Ok(None),
    }
}

/// The statement of [`standing`]: `$1` operator, `$2` company, `$3` SWP (island-bench
/// prints its plan).
pub fn standing_sql() -> &'static str {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let mine = format!("FROM acknowledgements k WHERE k.doc_kind = '{KIND}' AND k.doc_id = s.id AND k.version_hash = s.content_hash AND k.operator_id = $1");
        format!(
            "SELECT (SELECT COUNT(*) {} WHERE u.id = $1 AND u.company_code = $2 AND {}) AS op_known, \
             (SELECT MAX(k.signed_at) {mine} AND k.verified_at IS NOT NULL) AS op_signed, \
             (SELECT COUNT(*) {mine} AND k.verified_at IS NULL) AS op_awaiting, {SEEN_COLUMNS} \
             FROM (SELECT 1 AS one) x LEFT JOIN swps s ON s.id = $3",
            plantdoc_core::people::sql::from("u"),
            acks::SIGNS_AS_OPERATOR_SQL
        )
    });
    SQL.as_str()
}

/// The kiosk's status inputs of one operator on one part, read at once (the status call
/// runs on every part an operator loads): whether `op_id` is an active operator or OJT
/// trainee with a badge of `user`'s company, not a kiosk account (the core's
/// `acks::signs_as_operator`); the SWP if it is deployed now and `user` may see it; and
/// the operator's sign records of that version: the signing time of the newest verified
/// one and whether one awaits verification.
async fn standing(state: &AppState, user: &User, swp_id: &str, op_id: &str) -> AppResult<Standing> {
    let row = sqlx::query(standing_sql())
        .bind(op_id)
        .bind(&user.company_code)
        .bind(swp_id)
        .fetch_one(&mut *state.db.reader().await?)
        .await?;
    let operator_known = row.try_get::<i64, _>("op_known")? > 0;
    let swp = match Seen::from_row(&row)?.filter(|s| s.visible_to(state, user)) {
        Some(s) if in_force(state, user, swp_id, &s.swp.part_number, s.status).await? => Some(s),
        _ => None,
    };
    Ok(Standing {
        operator_known,
        signed_at: row.try_get("op_signed")?,
        awaiting: row.try_get::<i64, _>("op_awaiting")? > 0,
        version: swp.map(|s| s.swp.signable()),
    })
}

/// The current version's sign records of the SWP `s` as JSON text ([`acks::json_for_version`]),
/// a column to read with the SWP's row in one statement (the kiosk's history and part reads).
pub(crate) fn signs_column() -> &'static str {
    static SQL: LazyLock<String> =
        LazyLock::new(|| acks::version_json_sql(KIND, "s.id", "s.content_hash"));
    SQL.as_str()
}

/// What the kiosk's status and history read of an SWP: who may see it and the version
/// (not the 41 columns of a whole SWP: these reads run on every part an operator loads).
pub(crate) const SEEN_COLUMNS: &str = "s.id, s.part_number, s.company_code, s.content_hash, s.status, s.zones, s.owner_id, s.on_behalf_id";

pub(crate) struct Seen {
    pub swp: KioskSwp,
    pub status: SwpStatus,
    zones: Vec<String>,
    owner_id: String,
    on_behalf_id: Option<String>,
}

impl Seen {
    /// A whole SWP's kiosk columns.
    fn from_parts(s: &crate::model::Swp) -> Self {
        Self {
            swp: KioskSwp {
                id: s.id.clone(),
                part_number: s.part_number.clone(),
                company_code: s.company_code.clone(),
                content_hash: s.content_hash.clone(),
            },
            status: s.status,
            zones: s.zones.clone(),
            owner_id: s.owner_id.clone(),
            on_behalf_id: s.on_behalf_id.clone(),
        }
    }

    /// `None` when the row has no SWP (an outer join's empty side).
    pub fn from_row(r: &AnyRow) -> Result<Option<Self>, sqlx::Error> {
        let Some(id) = r.try_get::<Option<String>, _>("id")? else { return Ok(None) };
        let status: String = r.try_get("status")?;
        let status = SwpStatus::parse(&status)
            .ok_or_else(|| sqlx::Error::Decode(format!("status: {status}").into()))?;
        let zones: String = r.try_get("zones")?;
        Ok(Some(Self {
            swp: KioskSwp {
                id,
                part_number: r.try_get("part_number")?,
                company_code: r.try_get("company_code")?,
                content_hash: r.try_get("content_hash")?,
            },
            status,
            zones: serde_json::from_str(&zones).unwrap_or_default(),
            owner_id: r.try_get("owner_id")?,
            on_behalf_id: r.try_get("on_behalf_id")?,
        }))
    }

    /// `access::can_see` on these columns.
    pub fn visible_to(&self, state: &AppState, user: &User) -> bool {
        let authored =
            self.owner_id == user.id || self.on_behalf_id.as_deref() == Some(user.id.as_str());
        crate::access::can_see_parts(
            &state.zones,
            user,
            self.status,
            &self.swp.company_code,
            authored,
            &self.zones,
        )
    }
}
