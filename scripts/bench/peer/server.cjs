// The peer of `npm run bench:peer`: the customer lists as a common Express 5 application serves them
// (passport sessions stored by connect-pg-simple, queries through pg, compression and Express's own
// ETags), reading the portal's own tables on the same PostgreSQL database. It is measured, not shipped.
const express = require("express");
const session = require("express-session");
const PgStore = require("connect-pg-simple")(session);
const passport = require("passport");
const { Strategy: LocalStrategy } = require("passport-local");
const compression = require("compression");
const { Pool } = require("pg");
const argon2 = require("@node-rs/argon2");

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

passport.use(
  new LocalStrategy({ usernameField: "email" }, async (email, password, done) => {
    try {
      const { rows } = await pool.query(
        "select id, uid, password_hash from users where lower(email) = lower($1)",
        [email],
      );
      const user = rows[0];
      if (!user?.password_hash || !(await argon2.verify(user.password_hash, password)))
        return done(null, false);
      return done(null, { id: user.id, uid: user.uid });
    } catch (err) {
      return done(err);
    }
  }),
);
passport.serializeUser((user, done) => done(null, user.id));
passport.deserializeUser(async (id, done) => {
  try {
    const { rows } = await pool.query("select id, uid, role from users where id = $1", [id]);
    done(null, rows[0] ?? false);
  } catch (err) {
    done(err);
  }
});

const app = express();
app.use(compression());
app.use(express.json());

// Ready when its database answers, as the portal's /api/health is: what `npm run measure:cold-start`
// waits for. Before the session middleware, so that a health check opens no session.
app.get("/api/health", async (_req, res) => {
  try {
    await pool.query("select 1");
    res.json({ status: "ok" });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

app.use(
  session({
    store: new PgStore({ pool, tableName: "peer_sessions", createTableIfMissing: true }),
    secret: process.env.PEER_SESSION_SECRET ?? "bench-peer-secret",
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: "lax" },
  }),
);
app.use(passport.initialize());
app.use(passport.session());

const requireUser = (req, res, next) => (req.user ? next() : res.status(401).json({ error: "Unauthorized" }));
const ownUid = (req, res, next) =>
  req.params.uid === req.user.uid || req.user.role === "admin"
    ? next()
    : res.status(403).json({ error: "Forbidden" });

app.post("/login", passport.authenticate("local"), (_req, res) => res.json({ ok: true }));

app.get("/api/accounts/linkedin/user/:uid", requireUser, ownUid, async (req, res, next) => {
  try {
    const { rows } = await pool.query(
      `select a.id, a.account_type as "accountType", a.first_name as "firstName", a.last_name as "lastName",
        a.linkedin_email as "linkedinEmail", a.linkedin_password_encrypted is not null as "hasPassword",
        a.status, a.is_premium as "isPremium", a.is_verified as "isVerified", a.is_optimized as "isOptimized",
        a.headline, a.location, a.industry, a.gender, a.connections_count as "connectionsCount", a.followers,
        a.profile_url as "profileUrl", a.proxy_country as "proxyCountry", a.proxy_ip as "proxyIp",
        a.proxy_port as "proxyPort", a.proxy_username as "proxyUsername", a.proxy_zone_name as "proxyZoneName",
        a.proxy_password_encrypted is not null as "hasProxyPassword",
        a.two_fa_secret_encrypted is not null as "hasTwoFaSecret",
        a.two_fa_recovery_code_count as "twoFaRecoveryCodeCount", a.two_fa_status as "twoFaStatus",
        a.verification_type as "verificationType", a.notes, a.created_at as "createdAt",
        a.last_synced_at as "lastSyncedAt"
      from linkedin_accounts a join users u on u.id = a.user_id
      where u.uid = $1 order by a.created_at desc, a.id desc`,
      [req.params.uid],
    );
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

app.get("/api/transactions", requireUser, async (req, res, next) => {
  try {
    const limit = Math.min(Number(req.query.limit) || 1000, 1000);
    const { rows } = await pool.query(
      `select id, source, product, event_type as "eventType", created_time as "createdTime",
        created_at as "createdAt", name, amount_actual as "amountActual", amount_cents as "amountCents",
        currency, event_id as "eventId", cs_live_id as "csLiveId", client_ref_id as "clientRefId", object,
        discounts, email, phone, address_line1 as "addressLine1", address_line2 as "addressLine2",
        address_city as "addressCity", address_postcode as "addressPostcode",
        address_country as "addressCountry", receipt_url as "receiptUrl",
        stripe_customer_id as "stripeCustomerId"
      from transactions where user_id = $1
      order by coalesce(created_time, created_at) desc, id desc limit $2`,
      [req.user.id, limit],
    );
    const [{ total }] = (
      await pool.query("select count(*)::int as total from transactions where user_id = $1", [req.user.id])
    ).rows;
    res.json({ transactions: rows, total, limit });
  } catch (err) {
    next(err);
  }
});

app.get("/api/profile-optimizations/:uid", requireUser, ownUid, async (req, res, next) => {
  try {
    const { rows } = await pool.query(
      `select o.id, o.form_name as "formName", o.profiles_to_optimize as "profilesToOptimize",
        o.form_submission_date as "formSubmissionDate", o.last_synced_at as "lastSyncedAt",
        o.company_name as "companyName", o.industry, o.current_location as "currentLocation",
        o.target_location as "targetLocation", o.account_locations as "accountLocations",
        o.seniority_level as "seniorityLevel", o.company_size as "companySize", o.gender, o.ethnicity,
        o.age_range as "ageRange", o.headline, o.about_section as "aboutSection", o.job_titles as "jobTitles",
        o.experience_job_title as "experienceJobTitle", o.experience_description as "experienceDescription",
        o.education, o.skills, o.profile_url as "profileUrl", o.linkedin_banner as "linkedinBanner",
        o.linkedin_profile_picture as "linkedinProfilePicture", o.status, o.notes
      from profile_optimizations o join users u on u.id = o.user_id
      where u.uid = $1 order by o.created_at desc, o.id desc`,
      [req.params.uid],
    );
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

app.get("/api/orders", requireUser, async (req, res, next) => {
  try {
    const limit = Math.min(Number(req.query.limit) || 20, 100);
    const { rows } = await pool.query(
      `select id, status, lines, subtotal_cents as "subtotalCents", discount_cents as "discountCents",
        total_cents as "totalCents", currency, created_at as "createdAt"
      from orders where user_id = $1 order by id desc limit $2`,
      [req.user.id, limit],
    );
    res.json({ orders: rows, nextCursor: rows.length === limit ? String(rows.at(-1).id) : null });
  } catch (err) {
    next(err);
  }
});

app.get("/api/notifications", requireUser, async (req, res, next) => {
  try {
    const limit = Math.min(Number(req.query.limit) || 30, 100);
    const { rows } = await pool.query(
      `select id, kind, detail, link, created_at as "createdAt", read_at is not null as read
      from notifications where user_id = $1 order by id desc limit $2`,
      [req.user.id, limit + 1],
    );
    const [{ unreadCount }] = (
      await pool.query(
        `select count(*)::int as "unreadCount" from notifications where user_id = $1 and read_at is null`,
        [req.user.id],
      )
    ).rows;
    const page = rows.slice(0, limit);
    res.json({
      notifications: page,
      unreadCount,
      nextCursor: rows.length > limit ? String(page.at(-1).id) : null,
    });
  } catch (err) {
    next(err);
  }
});

app.use((err, _req, res, _next) => {
  console.error(err);
  res.status(500).json({ error: "Internal error" });
});

const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => {
  console.log(`peer listening on ${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
