-- Issue 30: single sign-on. The OpenID provider's subject (`sub`) of the person an
-- account belongs to, set at their first sign-in through the provider; one account each.
ALTER TABLE users ADD COLUMN oidc_subject TEXT;
CREATE UNIQUE INDEX users_oidc_subject ON users (oidc_subject);
