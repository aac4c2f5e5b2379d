-- A database created by the first release's schema (migration 0000_init) with the demo data in it:
-- the starting point of apps/server/src/db/upgrade.test.ts, which upgrades it to today's schema.
-- Frozen like the migration itself: never regenerate it. Made once by starting PostgreSQL 15, letting
-- the portal apply 0000_init (openDatabase), importing apps/server/demo/demo-data.json and running
-- `pg_dump --inserts --no-owner --no-privileges --no-comments` (psql's \restrict lines removed).



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: drizzle; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA drizzle;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: __drizzle_migrations; Type: TABLE; Schema: drizzle; Owner: -
--

CREATE TABLE drizzle.__drizzle_migrations (
    id integer NOT NULL,
    hash text NOT NULL,
    created_at bigint
);


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE; Schema: drizzle; Owner: -
--

CREATE SEQUENCE drizzle.__drizzle_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: drizzle; Owner: -
--

ALTER SEQUENCE drizzle.__drizzle_migrations_id_seq OWNED BY drizzle.__drizzle_migrations.id;


--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    logname text NOT NULL,
    uid integer NOT NULL,
    bill_uid integer,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    role text DEFAULT 'customer'::text NOT NULL,
    account_role text DEFAULT 'Primary'::text NOT NULL,
    primary_logname text,
    dashboard_admin boolean DEFAULT false NOT NULL,
    company text DEFAULT ''::text NOT NULL,
    addr1 text DEFAULT ''::text NOT NULL,
    addr2 text DEFAULT ''::text NOT NULL,
    bill_email text DEFAULT ''::text NOT NULL,
    home_phone text DEFAULT ''::text NOT NULL,
    work_phone text DEFAULT ''::text NOT NULL,
    pricing_plan text DEFAULT ''::text NOT NULL,
    account_type text DEFAULT ''::text NOT NULL,
    billing_code text DEFAULT ''::text NOT NULL,
    auto_bill text DEFAULT 'N'::text NOT NULL,
    realm text DEFAULT ''::text NOT NULL,
    at_code integer DEFAULT 0 NOT NULL,
    popup_note text DEFAULT ''::text NOT NULL,
    popup_note_lastmod timestamp with time zone,
    mode text DEFAULT 'light'::text NOT NULL,
    password_hash text,
    mail_password_hash text,
    balance_cents integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: addresses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.addresses (
    owner text NOT NULL,
    kind text NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    company text DEFAULT ''::text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    city text DEFAULT ''::text NOT NULL,
    state text DEFAULT ''::text NOT NULL,
    zipcode text DEFAULT ''::text NOT NULL,
    country text DEFAULT 'US'::text NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    operator text NOT NULL,
    account text,
    action text NOT NULL,
    details jsonb DEFAULT '{}'::jsonb NOT NULL
);


--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_log_id_seq OWNED BY public.audit_log.id;


--
-- Name: auto_responders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auto_responders (
    id integer NOT NULL,
    owner text NOT NULL,
    start_at timestamp with time zone NOT NULL,
    end_at timestamp with time zone NOT NULL,
    message text NOT NULL,
    instructions text DEFAULT ''::text NOT NULL,
    reply_to text NOT NULL,
    operator text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: auto_responders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.auto_responders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: auto_responders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.auto_responders_id_seq OWNED BY public.auto_responders.id;


--
-- Name: bus_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bus_accounts (
    account text NOT NULL,
    owner text NOT NULL,
    uid integer NOT NULL,
    plan text DEFAULT ''::text NOT NULL,
    total_quota integer DEFAULT 0 NOT NULL,
    percent_used integer DEFAULT 0 NOT NULL,
    active_files integer DEFAULT 0 NOT NULL,
    retained_files integer DEFAULT 0 NOT NULL,
    comment text DEFAULT ''::text NOT NULL
);


--
-- Name: cards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cards (
    id integer NOT NULL,
    owner text NOT NULL,
    cid text NOT NULL,
    payment_profile_id text NOT NULL,
    ccn4 text NOT NULL,
    card_type text NOT NULL,
    expdate text NOT NULL,
    on_auto_billing boolean DEFAULT false NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    company text DEFAULT ''::text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    city text DEFAULT ''::text NOT NULL,
    state text DEFAULT ''::text NOT NULL,
    zipcode text DEFAULT ''::text NOT NULL,
    country text DEFAULT 'US'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: cards_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.cards_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: cards_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.cards_id_seq OWNED BY public.cards.id;


--
-- Name: circuits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.circuits (
    id integer NOT NULL,
    owner text NOT NULL,
    uid integer NOT NULL,
    loc_name text NOT NULL,
    addr1 text DEFAULT ''::text NOT NULL,
    addr2 text DEFAULT ''::text NOT NULL,
    provider text DEFAULT ''::text NOT NULL,
    speed text DEFAULT ''::text NOT NULL,
    active_date text DEFAULT ''::text NOT NULL
);


--
-- Name: circuits_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.circuits_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: circuits_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.circuits_id_seq OWNED BY public.circuits.id;


--
-- Name: contacts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contacts (
    tcid integer NOT NULL,
    owner text NOT NULL,
    contact text NOT NULL,
    contact_info text DEFAULT ''::text NOT NULL,
    restricted text DEFAULT '0'::text NOT NULL,
    technical text DEFAULT '0'::text NOT NULL,
    billing text DEFAULT '0'::text NOT NULL,
    restriction text DEFAULT ''::text NOT NULL
);


--
-- Name: contacts_tcid_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.contacts_tcid_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: contacts_tcid_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.contacts_tcid_seq OWNED BY public.contacts.tcid;


--
-- Name: coworking_products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.coworking_products (
    pcode text NOT NULL,
    name text NOT NULL,
    actual_price_cents integer NOT NULL,
    discount_price_cents integer,
    unit text NOT NULL,
    description text DEFAULT ''::text NOT NULL
);


--
-- Name: coworking_purchases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.coworking_purchases (
    id integer NOT NULL,
    owner text NOT NULL,
    pcode text NOT NULL,
    units integer NOT NULL,
    comment text DEFAULT ''::text NOT NULL,
    operator text NOT NULL,
    trans_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: coworking_purchases_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.coworking_purchases_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: coworking_purchases_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.coworking_purchases_id_seq OWNED BY public.coworking_purchases.id;


--
-- Name: databases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.databases (
    id integer NOT NULL,
    owner text NOT NULL,
    name text NOT NULL,
    pma_url text DEFAULT ''::text NOT NULL
);


--
-- Name: databases_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.databases_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: databases_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.databases_id_seq OWNED BY public.databases.id;


--
-- Name: devsites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.devsites (
    vid integer NOT NULL,
    owner text NOT NULL,
    domain text NOT NULL,
    virtname text NOT NULL,
    docroot text DEFAULT ''::text NOT NULL,
    ssl integer DEFAULT 0 NOT NULL,
    setup_date text DEFAULT ''::text NOT NULL
);


--
-- Name: disk_usage; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.disk_usage (
    owner text NOT NULL,
    curr_quota integer DEFAULT 0 NOT NULL,
    curr_usage integer DEFAULT 0 NOT NULL
);


--
-- Name: domain_agreements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.domain_agreements (
    id integer NOT NULL,
    account text NOT NULL,
    domain text NOT NULL,
    agreement text NOT NULL,
    signed_by text NOT NULL,
    signed_at timestamp with time zone NOT NULL
);


--
-- Name: domain_agreements_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.domain_agreements_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: domain_agreements_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.domain_agreements_id_seq OWNED BY public.domain_agreements.id;


--
-- Name: domain_grants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.domain_grants (
    id integer NOT NULL,
    owner text NOT NULL,
    admin text NOT NULL,
    domain text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: domain_grants_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.domain_grants_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: domain_grants_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.domain_grants_id_seq OWNED BY public.domain_grants.id;


--
-- Name: domains; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.domains (
    domain text NOT NULL,
    owner text NOT NULL,
    expiration_date date,
    auto_renew integer DEFAULT 0 NOT NULL,
    abandon integer DEFAULT 0 NOT NULL,
    renewal_pending integer DEFAULT 0 NOT NULL,
    contact_email text DEFAULT ''::text NOT NULL,
    registrar_managed boolean DEFAULT true NOT NULL,
    website integer DEFAULT 0 NOT NULL,
    docroot text DEFAULT ''::text NOT NULL
);


--
-- Name: email_aliases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_aliases (
    id bigint NOT NULL,
    domain text NOT NULL,
    src text NOT NULL,
    dst_list text[] NOT NULL
);


--
-- Name: email_aliases_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.email_aliases_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: email_aliases_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.email_aliases_id_seq OWNED BY public.email_aliases.id;


--
-- Name: error_logs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.error_logs (
    id bigint NOT NULL,
    vid integer NOT NULL,
    msg text NOT NULL,
    logged_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: error_logs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.error_logs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: error_logs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.error_logs_id_seq OWNED BY public.error_logs.id;


--
-- Name: hosting_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hosting_changes (
    id bigint NOT NULL,
    owner text NOT NULL,
    vid integer,
    kind text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    state text DEFAULT 'queued'::text NOT NULL,
    server text,
    agent text,
    result text,
    operator text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    claimed_at timestamp with time zone,
    finished_at timestamp with time zone
);


--
-- Name: hosting_changes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.hosting_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: hosting_changes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.hosting_changes_id_seq OWNED BY public.hosting_changes.id;


--
-- Name: invoices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoices (
    invoice text NOT NULL,
    owner text NOT NULL,
    invdate text NOT NULL,
    duedate text NOT NULL,
    amount_cents integer NOT NULL,
    body text DEFAULT ''::text NOT NULL,
    paid_at timestamp with time zone,
    auto_bill_attempted_at timestamp with time zone
);


--
-- Name: jobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.jobs (
    id bigint NOT NULL,
    kind text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    run_at timestamp with time zone DEFAULT now() NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    max_attempts integer DEFAULT 8 NOT NULL,
    locked_at timestamp with time zone,
    locked_by text,
    last_error text,
    unique_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone
);


--
-- Name: jobs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.jobs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: jobs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.jobs_id_seq OWNED BY public.jobs.id;


--
-- Name: login_failures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.login_failures (
    key text NOT NULL,
    count integer DEFAULT 0 NOT NULL,
    first_at timestamp with time zone DEFAULT now() NOT NULL,
    last_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone
);


--
-- Name: mail_alias_domains; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_alias_domains AS
 SELECT DISTINCT email_aliases.domain
   FROM public.email_aliases;


--
-- Name: mail_password_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_password_changes (
    id integer NOT NULL,
    owner text NOT NULL,
    hash text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    operator text NOT NULL,
    requested_at timestamp with time zone DEFAULT now() NOT NULL,
    apply_at timestamp with time zone NOT NULL,
    applied_at timestamp with time zone
);


--
-- Name: mail_password_changes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mail_password_changes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mail_password_changes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mail_password_changes_id_seq OWNED BY public.mail_password_changes.id;


--
-- Name: mail_passwords; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_passwords AS
 SELECT accounts.logname AS username,
    accounts.mail_password_hash AS password,
    accounts.uid
   FROM public.accounts
  WHERE (accounts.mail_password_hash IS NOT NULL);


--
-- Name: temp_emails; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.temp_emails (
    id integer NOT NULL,
    owner text NOT NULL,
    name text NOT NULL,
    forwards_to text NOT NULL,
    expires timestamp with time zone NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expired_at timestamp with time zone
);


--
-- Name: mail_temp_aliases; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_temp_aliases AS
 SELECT temp_emails.name,
    temp_emails.forwards_to,
    temp_emails.expires
   FROM public.temp_emails
  WHERE (temp_emails.expires > now());


--
-- Name: mail_vacation_rules; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_vacation_rules AS
 SELECT DISTINCT ON (auto_responders.owner) auto_responders.owner AS logname,
    auto_responders.reply_to AS reply_from,
    auto_responders.message AS body,
    auto_responders.start_at AS active_from,
    auto_responders.end_at AS active_until
   FROM public.auto_responders
  WHERE ((auto_responders.start_at <= now()) AND (auto_responders.end_at > now()))
  ORDER BY auto_responders.owner, auto_responders.created_at DESC, auto_responders.id DESC;


--
-- Name: mail_virtual_aliases; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.mail_virtual_aliases AS
 SELECT
        CASE
            WHEN (email_aliases.src = '*'::text) THEN ('@'::text || email_aliases.domain)
            ELSE ((email_aliases.src || '@'::text) || email_aliases.domain)
        END AS address,
    array_to_string(email_aliases.dst_list, ','::text) AS goto
   FROM public.email_aliases;


--
-- Name: mailing_lists; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mailing_lists (
    listname text NOT NULL,
    owner text NOT NULL,
    list_type text DEFAULT 'MM'::text NOT NULL
);


--
-- Name: network_status; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.network_status (
    id integer NOT NULL,
    subject text NOT NULL,
    modified timestamp with time zone DEFAULT now() NOT NULL,
    report text DEFAULT ''::text NOT NULL,
    level integer DEFAULT 1 NOT NULL
);


--
-- Name: newsletter_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.newsletter_subscriptions (
    id integer NOT NULL,
    owner text NOT NULL,
    email text NOT NULL,
    token_hash text,
    confirmed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: newsletter_subscriptions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.newsletter_subscriptions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: newsletter_subscriptions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.newsletter_subscriptions_id_seq OWNED BY public.newsletter_subscriptions.id;


--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    id bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    kind text NOT NULL,
    account text,
    from_addr text NOT NULL,
    to_addr text NOT NULL,
    reply_to text,
    subject text NOT NULL,
    body text NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    sent_at timestamp with time zone,
    message_id text
);


--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.outbox_id_seq OWNED BY public.outbox.id;


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    trans_id text NOT NULL,
    owner text NOT NULL,
    amount_cents integer NOT NULL,
    date timestamp with time zone DEFAULT now() NOT NULL,
    ccn4 text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'approved'::text NOT NULL,
    idempotency_key text,
    card_id integer,
    invoice text,
    comments text DEFAULT ''::text NOT NULL,
    receipt_to text DEFAULT ''::text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    purpose text DEFAULT 'account'::text NOT NULL,
    operator text
);


--
-- Name: php_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.php_versions (
    version text NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    disabled boolean DEFAULT false NOT NULL
);


--
-- Name: quick_refs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.quick_refs (
    ref_name text NOT NULL,
    ref_value text NOT NULL,
    ref_role text DEFAULT ''::text NOT NULL
);


--
-- Name: recovery_emails; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.recovery_emails (
    id integer NOT NULL,
    owner text NOT NULL,
    contact_info text NOT NULL
);


--
-- Name: recovery_emails_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.recovery_emails_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: recovery_emails_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.recovery_emails_id_seq OWNED BY public.recovery_emails.id;


--
-- Name: reset_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reset_tokens (
    id integer NOT NULL,
    owner text NOT NULL,
    kind text NOT NULL,
    token_hash text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: reset_tokens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reset_tokens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: reset_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.reset_tokens_id_seq OWNED BY public.reset_tokens.id;


--
-- Name: revoked_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.revoked_tokens (
    jti text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: secondary_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.secondary_requests (
    id integer NOT NULL,
    owner text NOT NULL,
    email text NOT NULL,
    rows jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    operator text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    done_at timestamp with time zone
);


--
-- Name: secondary_requests_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.secondary_requests_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: secondary_requests_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.secondary_requests_id_seq OWNED BY public.secondary_requests.id;


--
-- Name: statement_delivery; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.statement_delivery (
    owner text NOT NULL,
    method text DEFAULT 'n'::text NOT NULL,
    nozero integer DEFAULT 0 NOT NULL,
    email text DEFAULT ''::text NOT NULL
);


--
-- Name: temp_emails_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.temp_emails_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: temp_emails_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.temp_emails_id_seq OWNED BY public.temp_emails.id;


--
-- Name: tld_prices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tld_prices (
    tld text NOT NULL,
    id integer NOT NULL,
    item text NOT NULL,
    baseprice_cents integer NOT NULL,
    price_cents integer NOT NULL
);


--
-- Name: webapps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webapps (
    aid integer NOT NULL,
    appname text NOT NULL,
    urlext text DEFAULT ''::text NOT NULL,
    needs_suphp integer DEFAULT 0 NOT NULL,
    wf_versions text DEFAULT ''::text NOT NULL,
    version text DEFAULT ''::text NOT NULL
);


--
-- Name: websites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.websites (
    vid integer NOT NULL,
    owner text NOT NULL,
    virtname text NOT NULL,
    php_version text DEFAULT ''::text NOT NULL,
    ssl integer DEFAULT 0 NOT NULL,
    error_logs integer DEFAULT 0 NOT NULL,
    docroot text DEFAULT ''::text NOT NULL,
    last_genconf timestamp with time zone,
    server text
);


--
-- Name: __drizzle_migrations id; Type: DEFAULT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations ALTER COLUMN id SET DEFAULT nextval('drizzle.__drizzle_migrations_id_seq'::regclass);


--
-- Name: audit_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log ALTER COLUMN id SET DEFAULT nextval('public.audit_log_id_seq'::regclass);


--
-- Name: auto_responders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auto_responders ALTER COLUMN id SET DEFAULT nextval('public.auto_responders_id_seq'::regclass);


--
-- Name: cards id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cards ALTER COLUMN id SET DEFAULT nextval('public.cards_id_seq'::regclass);


--
-- Name: circuits id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circuits ALTER COLUMN id SET DEFAULT nextval('public.circuits_id_seq'::regclass);


--
-- Name: contacts tcid; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contacts ALTER COLUMN tcid SET DEFAULT nextval('public.contacts_tcid_seq'::regclass);


--
-- Name: coworking_purchases id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.coworking_purchases ALTER COLUMN id SET DEFAULT nextval('public.coworking_purchases_id_seq'::regclass);


--
-- Name: databases id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.databases ALTER COLUMN id SET DEFAULT nextval('public.databases_id_seq'::regclass);


--
-- Name: domain_agreements id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_agreements ALTER COLUMN id SET DEFAULT nextval('public.domain_agreements_id_seq'::regclass);


--
-- Name: domain_grants id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_grants ALTER COLUMN id SET DEFAULT nextval('public.domain_grants_id_seq'::regclass);


--
-- Name: email_aliases id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_aliases ALTER COLUMN id SET DEFAULT nextval('public.email_aliases_id_seq'::regclass);


--
-- Name: error_logs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.error_logs ALTER COLUMN id SET DEFAULT nextval('public.error_logs_id_seq'::regclass);


--
-- Name: hosting_changes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hosting_changes ALTER COLUMN id SET DEFAULT nextval('public.hosting_changes_id_seq'::regclass);


--
-- Name: jobs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.jobs ALTER COLUMN id SET DEFAULT nextval('public.jobs_id_seq'::regclass);


--
-- Name: mail_password_changes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_password_changes ALTER COLUMN id SET DEFAULT nextval('public.mail_password_changes_id_seq'::regclass);


--
-- Name: newsletter_subscriptions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newsletter_subscriptions ALTER COLUMN id SET DEFAULT nextval('public.newsletter_subscriptions_id_seq'::regclass);


--
-- Name: outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox ALTER COLUMN id SET DEFAULT nextval('public.outbox_id_seq'::regclass);


--
-- Name: recovery_emails id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_emails ALTER COLUMN id SET DEFAULT nextval('public.recovery_emails_id_seq'::regclass);


--
-- Name: reset_tokens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_tokens ALTER COLUMN id SET DEFAULT nextval('public.reset_tokens_id_seq'::regclass);


--
-- Name: secondary_requests id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secondary_requests ALTER COLUMN id SET DEFAULT nextval('public.secondary_requests_id_seq'::regclass);


--
-- Name: temp_emails id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.temp_emails ALTER COLUMN id SET DEFAULT nextval('public.temp_emails_id_seq'::regclass);


--
-- Data for Name: __drizzle_migrations; Type: TABLE DATA; Schema: drizzle; Owner: -
--

INSERT INTO drizzle.__drizzle_migrations VALUES (1, '28133f779adff4b2eb75b1fc0cb6c77e25c52bbfa9d393c66c3f8a75d1a94f87', 1795484096121);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES ('staff', 100, NULL, 'Sam', 'Staffer', 'staff', 'Primary', NULL, false, 'Example Networks', '', '', 'sam.staffer@example.net', '', '', '', 'Staff', '', 'N', 'staff', 0, '', NULL, 'light', '$argon2id$v=19$m=19456,t=2,p=1$I06+yIiDdu9XoFPfQal1GQ$Yt2LIAHW8ZCBHB3H2TBmQrpGMEyGsHUAtZ77c4dtG5o', NULL, 0, '2026-11-26 05:44:23.705222+00');
INSERT INTO public.accounts VALUES ('admin', 101, NULL, 'Ada', 'Admin', 'admin', 'Primary', NULL, false, 'Example Networks', '', '', 'ada.admin@example.net', '', '', '', 'Staff', '', 'N', 'staff', 0, '', NULL, 'dark', '$argon2id$v=19$m=19456,t=2,p=1$m18OwIC5URnBLtueB4nWJA$s9EyZzp6XvQY8ap6df981u6RpHRJY1R/+CbxnKpm1nQ', NULL, 0, '2026-11-26 05:44:23.705222+00');
INSERT INTO public.accounts VALUES ('alice', 5001, 5001, 'Alice', 'Anderson', 'customer', 'Primary', NULL, false, 'Anderson Design LLC', '12 Harbor Street', 'Portland, ME 04101', 'alice@anderson-design.com', '207-555-0142', '207-555-0199', 'Business Pro', 'Shell', 'M', 'Y', 'members', 1, 'Prefers contact by email. VIP since 2009.', '2026-11-26 05:44:23.666+00', 'light', '$argon2id$v=19$m=19456,t=2,p=1$8RXD60H3+TUhVuyhlZoIjQ$2wBWf+Ekxr/FB1WyuAnv+0pw/G7k//Q/EeEc23pljqs', NULL, 0, '2026-11-26 05:44:23.705222+00');
INSERT INTO public.accounts VALUES ('bob', 5002, 5002, 'Bob', 'Baker', 'customer', 'Primary', NULL, false, '', '48 Elm Avenue', 'Burlington, VT 05401', 'bob.baker@example.org', '802-555-0111', '', 'Residential DSL', 'Shell', 'Q', 'N', 'members', 1, '', NULL, 'light', '$argon2id$v=19$m=19456,t=2,p=1$bcMQHw2CphDin8QM+D19TQ$TccVSSy9dGU39iXEtuYH8jNbX7EHEOa8jcus9rJfO1E', NULL, 0, '2026-11-26 05:44:23.705222+00');
INSERT INTO public.accounts VALUES ('carol', 5003, 5001, 'Carol', 'Anderson', 'customer', 'Secondary', 'alice', false, '', '', '', 'carol@anderson-design.com', '', '', '', 'Email', '', 'N', 'members', 9, '', NULL, 'light', '$argon2id$v=19$m=19456,t=2,p=1$89eTHlcrsjTGcT+IVtniQw$tigAxkg89b3UjoHa21xqMgqQFZT+qkhgDF8UA8OBKN4', NULL, 0, '2026-11-26 05:44:23.705222+00');
INSERT INTO public.accounts VALUES ('dave', 5004, 5001, 'Dave', 'Dunn', 'customer', 'Secondary', 'alice', true, '', '', '', 'dave@anderson-design.com', '', '', '', 'Shell', '', 'N', 'members', 1, '', NULL, 'light', '$argon2id$v=19$m=19456,t=2,p=1$cTA9vuakZ6gsN1o0lpBRLA$ZXO5aHuyH+NjFZmkAps5UEDRBmykXFkNal0jAjAyy8E', NULL, 0, '2026-11-26 05:44:23.705222+00');
INSERT INTO public.accounts VALUES ('erin', 5005, 5001, 'Erin', 'Ellis', 'customer', 'Secondary', 'alice', false, '', '', '', 'erin@anderson-design.com', '', '', '', 'Network Auth', '', 'N', 'members', 2, '', NULL, 'light', NULL, NULL, 0, '2026-11-26 05:44:23.705222+00');


--
-- Data for Name: addresses; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.addresses VALUES ('alice', 'account', 'Alice', 'Anderson', 'Anderson Design LLC', '12 Harbor Street', 'Portland', 'ME', '04101', 'US', '207-555-0142', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.addresses VALUES ('alice', 'bill', 'Alice', 'Anderson', 'Anderson Design LLC', 'PO Box 311', 'Portland', 'ME', '04112', 'US', '207-555-0199', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.addresses VALUES ('bob', 'account', 'Bob', 'Baker', '', '48 Elm Avenue', 'Burlington', 'VT', '05401', 'US', '802-555-0111', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.addresses VALUES ('bob', 'bill', 'Bob', 'Baker', '', '48 Elm Avenue', 'Burlington', 'VT', '05401', 'US', '802-555-0111', '2026-11-26 05:44:23.705222+00');


--
-- Data for Name: audit_log; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: auto_responders; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: bus_accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.bus_accounts VALUES ('alice-backup', 'alice', 5001, 'Business Backup 500', 500, 62, 184233, 1203441, 'Nightly workstation backups');
INSERT INTO public.bus_accounts VALUES ('alice-nas', 'alice', 5001, 'Business Backup 2T', 2000, 18, 90211, 240118, '');


--
-- Data for Name: cards; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.cards VALUES (1, 'alice', 'sbx-cust-alice', 'sbx-pp-visa-1111', '1111', 'Visa', '0928', true, 'Alice', 'Anderson', '', 'PO Box 311', 'Portland', 'ME', '04112', 'US', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.cards VALUES (2, 'alice', 'sbx-cust-alice', 'sbx-pp-amex-0002', '0002', 'AmExp', '0327', false, 'Alice', 'Anderson', '', 'PO Box 311', 'Portland', 'ME', '04112', 'US', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.cards VALUES (3, 'bob', 'sbx-cust-bob', 'sbx-pp-mc-0015', '0015', 'M/C', '1227', false, 'Bob', 'Baker', '', '48 Elm Avenue', 'Burlington', 'VT', '05401', 'US', '2026-11-26 05:44:23.705222+00');


--
-- Data for Name: circuits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.circuits VALUES (1, 'alice', 5001, 'Portland Studio', '12 Harbor Street', 'Portland, ME 04101', 'Consolidated Fiber', '1 Gbps', '20190315');
INSERT INTO public.circuits VALUES (2, 'alice', 5001, 'Warehouse', '400 Commercial St', 'Portland, ME 04101', 'Spectrum Business', '300/30 Mbps', '2021');
INSERT INTO public.circuits VALUES (3, 'bob', 5002, 'Home', '48 Elm Avenue', 'Burlington, VT 05401', 'DSL (own)', '50/10 Mbps', '20230601');


--
-- Data for Name: contacts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contacts VALUES (1, 'alice', 'Alice Anderson', 'alice@anderson-design.com
207-555-0142', '0', '1', '1', '');
INSERT INTO public.contacts VALUES (2, 'alice', 'Dave Dunn', 'dave@anderson-design.com
207-555-0177 (mobile)', '1', '1', '0', 'May open tickets for the web server only.
No billing changes.');
INSERT INTO public.contacts VALUES (3, 'alice', 'Front Desk', 'frontdesk@anderson-design.com', '1', '0', '0', 'Outage reports only.');
INSERT INTO public.contacts VALUES (4, 'bob', 'Bob Baker', 'bob.baker@example.org', '0', '1', '1', '');


--
-- Data for Name: coworking_products; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.coworking_products VALUES ('DAY', 'Day pass', 2500, 1500, 'day', 'Hot desk, coffee and Wi-Fi for one day');
INSERT INTO public.coworking_products VALUES ('WEEK', 'Week pass', 10000, 7000, 'week', 'Hot desk for five consecutive days');
INSERT INTO public.coworking_products VALUES ('DESK', 'Dedicated desk', 30000, 24000, 'month', 'Your own desk with a locking drawer');
INSERT INTO public.coworking_products VALUES ('ROOM', 'Meeting room', 3000, 2000, 'hour', 'Room for 8 with screen and whiteboard');


--
-- Data for Name: coworking_purchases; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: databases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.databases VALUES (1, 'alice', 'alice_wp', 'https://db.example.net/phpmyadmin/?db=alice_wp');
INSERT INTO public.databases VALUES (2, 'alice', 'alice_shop', 'https://db.example.net/phpmyadmin/?db=alice_shop');
INSERT INTO public.databases VALUES (3, 'bob', 'bob_recipes', 'https://db.example.net/phpmyadmin/?db=bob_recipes');


--
-- Data for Name: devsites; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.devsites VALUES (3901, 'alice', 'anderson-design.com', 'dev.anderson-design.com', '/home/alice/dev/anderson-design.com', 1, '2026-10-07');
INSERT INTO public.devsites VALUES (3902, 'bob', 'bakersdozen.com', 'dev.bakersdozen.com', '/home/bob/dev/bakersdozen.com', 1, '2026-09-14');


--
-- Data for Name: disk_usage; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.disk_usage VALUES ('alice', 10485760, 6291456);
INSERT INTO public.disk_usage VALUES ('bob', 2097152, 980);
INSERT INTO public.disk_usage VALUES ('carol', 1048576, 204800);
INSERT INTO public.disk_usage VALUES ('dave', 1048576, 1048576);


--
-- Data for Name: domain_agreements; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: domain_grants; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.domain_grants VALUES (1, 'alice', 'dave', 'harbor-studio.org', '2026-11-26 05:44:23.705222+00');


--
-- Data for Name: domains; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.domains VALUES ('anderson-design.com', 'alice', '2026-12-31', 1, 0, 0, 'alice@anderson-design.com', true, 1, '/home/alice/www/anderson-design.com');
INSERT INTO public.domains VALUES ('andersonphoto.net', 'alice', '2026-12-16', 0, 0, 0, '', true, -1, 'anderson-design.com');
INSERT INTO public.domains VALUES ('harbor-studio.org', 'alice', '2027-12-26', 0, 0, 0, 'studio@anderson-design.com', true, 1, '/home/alice/www/harbor-studio.org');
INSERT INTO public.domains VALUES ('alice-old-blog.info', 'alice', '2026-12-03', 0, 1, 0, '', true, 0, '');
INSERT INTO public.domains VALUES ('anderson.design', 'alice', NULL, 0, 0, 0, '', false, 0, '');
INSERT INTO public.domains VALUES ('bakersdozen.com', 'bob', '2027-01-20', 0, 0, 0, 'bob.baker@example.org', true, 1, '/home/bob/www/bakersdozen.com');
INSERT INTO public.domains VALUES ('bobbaker.net', 'bob', '2027-09-17', 1, 0, 0, '', true, 0, '');
INSERT INTO public.domains VALUES ('client01-anderson.com', 'alice', '2026-12-21', 1, 0, 0, 'client1@anderson-design.com', true, 1, '/home/alice/www/client01');
INSERT INTO public.domains VALUES ('client02-anderson.com', 'alice', '2027-01-20', 0, 0, 0, 'client2@anderson-design.com', true, 0, '');
INSERT INTO public.domains VALUES ('client03-anderson.com', 'alice', '2027-02-19', 1, 0, 0, '', true, 1, '/home/alice/www/client03');
INSERT INTO public.domains VALUES ('client04-anderson.com', 'alice', '2027-03-21', 0, 0, 0, 'client4@anderson-design.com', true, 0, '');
INSERT INTO public.domains VALUES ('client05-anderson.com', 'alice', '2027-04-20', 1, 0, 0, 'client5@anderson-design.com', true, 1, '/home/alice/www/client05');
INSERT INTO public.domains VALUES ('client06-anderson.com', 'alice', '2027-05-20', 0, 0, 0, '', true, 0, '');
INSERT INTO public.domains VALUES ('client07-anderson.com', 'alice', '2027-06-19', 1, 0, 0, 'client7@anderson-design.com', true, 1, '/home/alice/www/client07');
INSERT INTO public.domains VALUES ('client08-anderson.com', 'alice', '2027-07-19', 0, 0, 0, 'client8@anderson-design.com', true, 0, '');


--
-- Data for Name: email_aliases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.email_aliases VALUES (1, 'anderson-design.com', '*', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (2, 'anderson-design.com', 'info', '{alice@anderson-design.com,carol@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (3, 'anderson-design.com', 'sales', '{alice@anderson-design.com,dave@anderson-design.com,erin@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (4, 'anderson-design.com', 'billing', '{accounts@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (5, 'anderson-design.com', 'webmaster', '{dave@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (6, 'harbor-studio.org', 'hello', '{studio@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (7, 'harbor-studio.org', 'bookings', '{alice@anderson-design.com,studio@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (8, 'bakersdozen.com', 'orders', '{bob.baker@example.org}');
INSERT INTO public.email_aliases VALUES (9, 'bakersdozen.com', '*', '{bob.baker@example.org}');
INSERT INTO public.email_aliases VALUES (10, 'anderson-design.com', 'press', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (11, 'anderson-design.com', 'jobs', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (12, 'anderson-design.com', 'support', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (13, 'anderson-design.com', 'events', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (14, 'anderson-design.com', 'design', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (15, 'anderson-design.com', 'photo', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (16, 'anderson-design.com', 'print', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (17, 'anderson-design.com', 'team', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (18, 'anderson-design.com', 'office', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (19, 'anderson-design.com', 'studio', '{alice@anderson-design.com}');
INSERT INTO public.email_aliases VALUES (20, 'anderson-design.com', 'news', '{alice@anderson-design.com}');


--
-- Data for Name: error_logs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.error_logs VALUES (1, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (2, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (3, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (4, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (5, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (6, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (7, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (8, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (9, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (10, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (11, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (12, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (13, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (14, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (15, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (16, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (17, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (18, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (19, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (20, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (21, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (22, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (23, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (24, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (25, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (26, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (27, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (28, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (29, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (30, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (31, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (32, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (33, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (34, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (35, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (36, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (37, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (38, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (39, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (40, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (41, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (42, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (43, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (44, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (45, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (46, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (47, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (48, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (49, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (50, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (51, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (52, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (53, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (54, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (55, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (56, 3101, '[2026-11-21] [php:error] PHP Warning:  Undefined variable $title in /home/alice/www/anderson-design.com/index.php on line 14', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (57, 3101, '[2026-11-21] [php:error] PHP Notice:  Trying to access array offset on value of type null in /home/alice/www/anderson-design.com/gallery.php on line 88', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (58, 3101, '[2026-11-21] [php:error] AH01071: Got error ''Primary script unknown''', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (59, 3101, '[2026-11-21] [php:error] PHP Fatal error:  Uncaught Error: Call to undefined function mysql_connect() in /home/alice/www/anderson-design.com/old/db.php:5', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (60, 3101, '[2026-11-21] [php:error] AH00124: Request exceeded the limit of 10 internal redirects due to probable configuration error.', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (100, 3201, '[client 198.51.100.0] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (101, 3201, '[client 198.51.100.1] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (102, 3201, '[client 198.51.100.2] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (103, 3201, '[client 198.51.100.3] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (104, 3201, '[client 198.51.100.4] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (105, 3201, '[client 198.51.100.5] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (106, 3201, '[client 198.51.100.6] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');
INSERT INTO public.error_logs VALUES (107, 3201, '[client 198.51.100.7] File does not exist: /home/bob/www/bakersdozen.com/favicon.ico', '2026-11-26 05:44:23.705222+00');


--
-- Data for Name: hosting_changes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: invoices; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invoices VALUES ('20261101-5001', 'alice', '20261101', '20261121', 8995, '<h2>Invoice for Anderson Design LLC</h2><p>Period: November 2026</p><table><tr><th>Item</th><th>Amount</th></tr><tr><td>Business Pro hosting</td><td>$69.95</td></tr><tr><td>Static IP</td><td>$20.00</td></tr></table><p><strong>Total: $89.95</strong></p>', NULL, NULL);
INSERT INTO public.invoices VALUES ('20261001-5001', 'alice', '20261002', '20261022', 8995, '<h2>Invoice for Anderson Design LLC</h2><p>Period: October 2026</p><table><tr><th>Item</th><th>Amount</th></tr><tr><td>Business Pro hosting</td><td>$69.95</td></tr><tr><td>Static IP</td><td>$20.00</td></tr></table><p><strong>Total: $89.95</strong></p>', '2026-10-27 15:04:00+00', NULL);
INSERT INTO public.invoices VALUES ('20260901-5001', 'alice', '20260902', '20260922', 10490, '<h2>Invoice for Anderson Design LLC</h2><p>Period: September 2026</p><table><tr><th>Item</th><th>Amount</th></tr><tr><td>Business Pro hosting</td><td>$69.95</td></tr><tr><td>Static IP</td><td>$20.00</td></tr></table><p><strong>Total: $104.90</strong></p>', '2026-09-26 10:22:00+00', NULL);
INSERT INTO public.invoices VALUES ('20260801-5001', 'alice', '20260803', '20260823', 8995, '<h2>Invoice for Anderson Design LLC</h2><p>Period: August 2026</p><table><tr><th>Item</th><th>Amount</th></tr><tr><td>Business Pro hosting</td><td>$69.95</td></tr><tr><td>Static IP</td><td>$20.00</td></tr></table><p><strong>Total: $89.95</strong></p>', '2026-08-20 09:00:00+00', NULL);
INSERT INTO public.invoices VALUES ('20260701-5001', 'alice', '20260704', '20260724', 8995, '<h2>Invoice for Anderson Design LLC</h2><p>Period: July 2026</p><table><tr><th>Item</th><th>Amount</th></tr><tr><td>Business Pro hosting</td><td>$69.95</td></tr><tr><td>Static IP</td><td>$20.00</td></tr></table><p><strong>Total: $89.95</strong></p>', '2026-07-21 09:00:00+00', NULL);
INSERT INTO public.invoices VALUES ('20260601-5001', 'alice', '20260604', '20260624', 12000, '<h2>Invoice for Anderson Design LLC</h2><p>Period: June 2026</p><table><tr><th>Item</th><th>Amount</th></tr><tr><td>Business Pro hosting</td><td>$69.95</td></tr><tr><td>Static IP</td><td>$20.00</td></tr></table><p><strong>Total: $120.00</strong></p>', '2026-06-22 09:00:00+00', NULL);
INSERT INTO public.invoices VALUES ('20261101-5002', 'bob', '20261101', '20261121', 4995, '<h2>Invoice for Bob Baker</h2><p>Residential DSL — $49.95</p>', '2026-11-01 09:00:00+00', NULL);
INSERT INTO public.invoices VALUES ('20261001-5002', 'bob', '20261001', '20261021', 4995, '<h2>Invoice for Bob Baker</h2><p>Residential DSL — $49.95</p><p>Exported from the legacy billing system, whose templates carry a tracking script and an image handler; the portal shows invoices sanitised, so neither runs.</p><script>document.title=''invoice-script-ran'';window.invoiceScriptRan=true</script><img src="x" alt="" onerror="window.invoiceScriptRan=true">', '2026-10-05 09:00:00+00', NULL);


--
-- Data for Name: jobs; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: login_failures; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: mail_password_changes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: mailing_lists; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.mailing_lists VALUES ('anderson-clients', 'alice', 'MM');
INSERT INTO public.mailing_lists VALUES ('anderson-staff', 'alice', 'MJ');
INSERT INTO public.mailing_lists VALUES ('anderson-legacy', 'alice', 'LS');
INSERT INTO public.mailing_lists VALUES ('bakers-news', 'bob', 'MM');


--
-- Data for Name: network_status; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.network_status VALUES (1, 'Fiber cut on the Portland ring — repair crews on site', '2026-11-21 14:10:00+00', '<p>A construction crew cut the fiber near Forest Ave. Customers in Portland may see <strong>degraded service</strong>. Estimated repair: 18:00.</p>', 3);
INSERT INTO public.network_status VALUES (2, 'Scheduled maintenance: mail servers, Sunday 02:00–04:00', '2026-11-20 09:00:00+00', '<p>Mail delivery will be delayed during the window. No mail will be lost.</p>', 2);
INSERT INTO public.network_status VALUES (3, 'New: PHP 8.3 available for all websites', '2026-11-10 12:00:00+00', '<p>Choose it on the Edit Website page.</p>', 1);


--
-- Data for Name: newsletter_subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: payments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payments VALUES ('60012345001', 'alice', 8995, '2026-10-27 15:04:00+00', '1111', 'approved', NULL, NULL, NULL, '', '', '', 'account', NULL);
INSERT INTO public.payments VALUES ('60012345002', 'alice', 10490, '2026-09-26 10:22:00+00', '1111', 'approved', NULL, NULL, NULL, '', '', '', 'account', NULL);
INSERT INTO public.payments VALUES ('60012345003', 'bob', 4995, '2026-11-01 09:00:00+00', '0015', 'approved', NULL, NULL, NULL, '', '', '', 'account', NULL);


--
-- Data for Name: php_versions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.php_versions VALUES ('7.4', 0, false);
INSERT INTO public.php_versions VALUES ('8.1', 1, false);
INSERT INTO public.php_versions VALUES ('8.2', 2, false);
INSERT INTO public.php_versions VALUES ('8.3', 3, false);
INSERT INTO public.php_versions VALUES ('Disabled', 99, false);


--
-- Data for Name: quick_refs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.quick_refs VALUES ('Incoming mail server (IMAP)', 'imap.example.net, port 993 (SSL/TLS)', '');
INSERT INTO public.quick_refs VALUES ('Outgoing mail server (SMTP)', 'smtp.example.net, port 587 (STARTTLS), authentication required', '');
INSERT INTO public.quick_refs VALUES ('Web hosting SFTP', 'sftp.example.net, port 22', '');
INSERT INTO public.quick_refs VALUES ('DNS servers', 'ns1.example.net, ns2.example.net', '');
INSERT INTO public.quick_refs VALUES ('Help desk', '+1 555 0100 — help@example.net — 8am to 8pm every day', '');
INSERT INTO public.quick_refs VALUES ('NOC escalation line', '+1 555 0199 (staff only)', 'staff');


--
-- Data for Name: recovery_emails; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.recovery_emails VALUES (1, 'alice', 'alice.personal@mail.example.net');
INSERT INTO public.recovery_emails VALUES (2, 'alice', 'a.anderson@backup.example.org');
INSERT INTO public.recovery_emails VALUES (3, 'bob', 'bob.recovery@example.com');


--
-- Data for Name: reset_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: revoked_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: secondary_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: statement_delivery; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.statement_delivery VALUES ('alice', 'e', 1, 'accounts@anderson-design.com');
INSERT INTO public.statement_delivery VALUES ('bob', 'n', 0, '');


--
-- Data for Name: temp_emails; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.temp_emails VALUES (1, 'alice', 'shop-2026', 'alice@anderson-design.com', '2026-12-11 12:00:00+00', 'Online store sign-up', '2026-11-26 05:44:23.705222+00', NULL);
INSERT INTO public.temp_emails VALUES (2, 'alice', 'conference-nov', 'alice@anderson-design.com', '2026-11-18 12:00:00+00', 'Expired conference alias', '2026-11-26 05:44:23.705222+00', NULL);
INSERT INTO public.temp_emails VALUES (3, 'bob', 'bob-raffle', 'bob.baker@example.org', '2026-11-26 12:00:00+00', '', '2026-11-26 05:44:23.705222+00', NULL);


--
-- Data for Name: tld_prices; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tld_prices VALUES ('com', 1, '1 year', 1800, 1800);
INSERT INTO public.tld_prices VALUES ('com', 2, '2 years', 1800, 3600);
INSERT INTO public.tld_prices VALUES ('com', 3, '3 years', 1800, 5400);
INSERT INTO public.tld_prices VALUES ('com', 5, '5 years', 1800, 8550);
INSERT INTO public.tld_prices VALUES ('com', 10, '10 years', 1800, 17100);
INSERT INTO public.tld_prices VALUES ('net', 1, '1 year', 2000, 2000);
INSERT INTO public.tld_prices VALUES ('net', 2, '2 years', 2000, 4000);
INSERT INTO public.tld_prices VALUES ('net', 3, '3 years', 2000, 6000);
INSERT INTO public.tld_prices VALUES ('net', 5, '5 years', 2000, 9500);
INSERT INTO public.tld_prices VALUES ('net', 10, '10 years', 2000, 19000);
INSERT INTO public.tld_prices VALUES ('org', 1, '1 year', 1900, 1900);
INSERT INTO public.tld_prices VALUES ('org', 2, '2 years', 1900, 3800);
INSERT INTO public.tld_prices VALUES ('org', 3, '3 years', 1900, 5700);
INSERT INTO public.tld_prices VALUES ('org', 5, '5 years', 1900, 9025);
INSERT INTO public.tld_prices VALUES ('org', 10, '10 years', 1900, 18050);
INSERT INTO public.tld_prices VALUES ('info', 1, '1 year', 2200, 2200);
INSERT INTO public.tld_prices VALUES ('info', 2, '2 years', 2200, 4400);
INSERT INTO public.tld_prices VALUES ('info', 3, '3 years', 2200, 6600);
INSERT INTO public.tld_prices VALUES ('info', 5, '5 years', 2200, 10450);
INSERT INTO public.tld_prices VALUES ('info', 10, '10 years', 2200, 20900);
INSERT INTO public.tld_prices VALUES ('us', 1, '1 year', 1500, 1500);
INSERT INTO public.tld_prices VALUES ('us', 2, '2 years', 1500, 3000);
INSERT INTO public.tld_prices VALUES ('us', 3, '3 years', 1500, 4500);
INSERT INTO public.tld_prices VALUES ('us', 5, '5 years', 1500, 7125);
INSERT INTO public.tld_prices VALUES ('us', 10, '10 years', 1500, 14250);
INSERT INTO public.tld_prices VALUES ('io', 1, '1 year', 5500, 5500);
INSERT INTO public.tld_prices VALUES ('io', 2, '2 years', 5500, 11000);
INSERT INTO public.tld_prices VALUES ('io', 3, '3 years', 5500, 16500);
INSERT INTO public.tld_prices VALUES ('io', 5, '5 years', 5500, 26125);
INSERT INTO public.tld_prices VALUES ('io', 10, '10 years', 5500, 52250);
INSERT INTO public.tld_prices VALUES ('biz', 1, '1 year', 2100, 2100);
INSERT INTO public.tld_prices VALUES ('biz', 2, '2 years', 2100, 4200);
INSERT INTO public.tld_prices VALUES ('biz', 3, '3 years', 2100, 6300);
INSERT INTO public.tld_prices VALUES ('biz', 5, '5 years', 2100, 9975);
INSERT INTO public.tld_prices VALUES ('biz', 10, '10 years', 2100, 19950);


--
-- Data for Name: webapps; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.webapps VALUES (1, 'WordPress', 'blog', 1, '6.7', '6.7.1');
INSERT INTO public.webapps VALUES (2, 'Nextcloud', 'cloud', 1, '30', '30.0.2');
INSERT INTO public.webapps VALUES (3, 'MediaWiki', 'wiki', 0, '1.42', '1.42.3');
INSERT INTO public.webapps VALUES (4, 'Matomo', 'stats', 0, '5', '5.1.2');


--
-- Data for Name: websites; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.websites VALUES (3101, 'alice', 'anderson-design.com', '8.2', 2, 1, '/home/alice/www/anderson-design.com', NULL, NULL);
INSERT INTO public.websites VALUES (3102, 'alice', 'harbor-studio.org', '7.4', 1, 0, '/home/alice/www/harbor-studio.org', NULL, NULL);
INSERT INTO public.websites VALUES (3103, 'alice', 'client01-anderson.com', '8.1', 0, 0, '/home/alice/www/client01', NULL, NULL);
INSERT INTO public.websites VALUES (3201, 'bob', 'bakersdozen.com', '8.3', 2, 1, '/home/bob/www/bakersdozen.com', NULL, NULL);


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 1, true);


--
-- Name: audit_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_log_id_seq', 1, false);


--
-- Name: auto_responders_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.auto_responders_id_seq', 1, false);


--
-- Name: cards_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.cards_id_seq', 3, true);


--
-- Name: circuits_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.circuits_id_seq', 3, true);


--
-- Name: contacts_tcid_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.contacts_tcid_seq', 4, true);


--
-- Name: coworking_purchases_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.coworking_purchases_id_seq', 1, false);


--
-- Name: databases_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.databases_id_seq', 3, true);


--
-- Name: domain_agreements_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.domain_agreements_id_seq', 1, false);


--
-- Name: domain_grants_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.domain_grants_id_seq', 1, true);


--
-- Name: email_aliases_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.email_aliases_id_seq', 20, true);


--
-- Name: error_logs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.error_logs_id_seq', 107, true);


--
-- Name: hosting_changes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.hosting_changes_id_seq', 1, false);


--
-- Name: jobs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.jobs_id_seq', 1, false);


--
-- Name: mail_password_changes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mail_password_changes_id_seq', 1, false);


--
-- Name: newsletter_subscriptions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.newsletter_subscriptions_id_seq', 1, false);


--
-- Name: outbox_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.outbox_id_seq', 1, false);


--
-- Name: recovery_emails_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.recovery_emails_id_seq', 3, true);


--
-- Name: reset_tokens_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.reset_tokens_id_seq', 1, false);


--
-- Name: secondary_requests_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.secondary_requests_id_seq', 1, false);


--
-- Name: temp_emails_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.temp_emails_id_seq', 3, true);


--
-- Name: __drizzle_migrations __drizzle_migrations_pkey; Type: CONSTRAINT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations
    ADD CONSTRAINT __drizzle_migrations_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (logname);


--
-- Name: accounts accounts_uid_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_uid_unique UNIQUE (uid);


--
-- Name: addresses addresses_owner_kind_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.addresses
    ADD CONSTRAINT addresses_owner_kind_pk PRIMARY KEY (owner, kind);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: auto_responders auto_responders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auto_responders
    ADD CONSTRAINT auto_responders_pkey PRIMARY KEY (id);


--
-- Name: bus_accounts bus_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bus_accounts
    ADD CONSTRAINT bus_accounts_pkey PRIMARY KEY (account);


--
-- Name: cards cards_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cards
    ADD CONSTRAINT cards_pkey PRIMARY KEY (id);


--
-- Name: circuits circuits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circuits
    ADD CONSTRAINT circuits_pkey PRIMARY KEY (id);


--
-- Name: contacts contacts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_pkey PRIMARY KEY (tcid);


--
-- Name: coworking_products coworking_products_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.coworking_products
    ADD CONSTRAINT coworking_products_pkey PRIMARY KEY (pcode);


--
-- Name: coworking_purchases coworking_purchases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.coworking_purchases
    ADD CONSTRAINT coworking_purchases_pkey PRIMARY KEY (id);


--
-- Name: databases databases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.databases
    ADD CONSTRAINT databases_pkey PRIMARY KEY (id);


--
-- Name: devsites devsites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.devsites
    ADD CONSTRAINT devsites_pkey PRIMARY KEY (vid);


--
-- Name: disk_usage disk_usage_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.disk_usage
    ADD CONSTRAINT disk_usage_pkey PRIMARY KEY (owner);


--
-- Name: domain_agreements domain_agreements_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_agreements
    ADD CONSTRAINT domain_agreements_pkey PRIMARY KEY (id);


--
-- Name: domain_agreements domain_agreements_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_agreements
    ADD CONSTRAINT domain_agreements_unique UNIQUE (account, domain, agreement);


--
-- Name: domain_grants domain_grants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_grants
    ADD CONSTRAINT domain_grants_pkey PRIMARY KEY (id);


--
-- Name: domain_grants domain_grants_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_grants
    ADD CONSTRAINT domain_grants_unique UNIQUE NULLS NOT DISTINCT (owner, admin, domain);


--
-- Name: domains domains_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domains
    ADD CONSTRAINT domains_pkey PRIMARY KEY (domain);


--
-- Name: email_aliases email_aliases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_aliases
    ADD CONSTRAINT email_aliases_pkey PRIMARY KEY (id);


--
-- Name: error_logs error_logs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.error_logs
    ADD CONSTRAINT error_logs_pkey PRIMARY KEY (id);


--
-- Name: hosting_changes hosting_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hosting_changes
    ADD CONSTRAINT hosting_changes_pkey PRIMARY KEY (id);


--
-- Name: invoices invoices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (invoice);


--
-- Name: jobs jobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_pkey PRIMARY KEY (id);


--
-- Name: login_failures login_failures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_failures
    ADD CONSTRAINT login_failures_pkey PRIMARY KEY (key);


--
-- Name: mail_password_changes mail_password_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_password_changes
    ADD CONSTRAINT mail_password_changes_pkey PRIMARY KEY (id);


--
-- Name: mailing_lists mailing_lists_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mailing_lists
    ADD CONSTRAINT mailing_lists_pkey PRIMARY KEY (listname);


--
-- Name: network_status network_status_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.network_status
    ADD CONSTRAINT network_status_pkey PRIMARY KEY (id);


--
-- Name: newsletter_subscriptions newsletter_subscriptions_email_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_email_unique UNIQUE (email);


--
-- Name: newsletter_subscriptions newsletter_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_pkey PRIMARY KEY (id);


--
-- Name: newsletter_subscriptions newsletter_subscriptions_token_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_token_hash_unique UNIQUE (token_hash);


--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);


--
-- Name: payments payments_idempotency_key_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_idempotency_key_unique UNIQUE (idempotency_key);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (trans_id);


--
-- Name: php_versions php_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.php_versions
    ADD CONSTRAINT php_versions_pkey PRIMARY KEY (version);


--
-- Name: quick_refs quick_refs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quick_refs
    ADD CONSTRAINT quick_refs_pkey PRIMARY KEY (ref_name);


--
-- Name: recovery_emails recovery_emails_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_emails
    ADD CONSTRAINT recovery_emails_pkey PRIMARY KEY (id);


--
-- Name: reset_tokens reset_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_tokens
    ADD CONSTRAINT reset_tokens_pkey PRIMARY KEY (id);


--
-- Name: reset_tokens reset_tokens_token_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_tokens
    ADD CONSTRAINT reset_tokens_token_hash_unique UNIQUE (token_hash);


--
-- Name: revoked_tokens revoked_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.revoked_tokens
    ADD CONSTRAINT revoked_tokens_pkey PRIMARY KEY (jti);


--
-- Name: secondary_requests secondary_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secondary_requests
    ADD CONSTRAINT secondary_requests_pkey PRIMARY KEY (id);


--
-- Name: statement_delivery statement_delivery_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.statement_delivery
    ADD CONSTRAINT statement_delivery_pkey PRIMARY KEY (owner);


--
-- Name: temp_emails temp_emails_name_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.temp_emails
    ADD CONSTRAINT temp_emails_name_unique UNIQUE (name);


--
-- Name: temp_emails temp_emails_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.temp_emails
    ADD CONSTRAINT temp_emails_pkey PRIMARY KEY (id);


--
-- Name: webapps webapps_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webapps
    ADD CONSTRAINT webapps_pkey PRIMARY KEY (aid);


--
-- Name: websites websites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.websites
    ADD CONSTRAINT websites_pkey PRIMARY KEY (vid);


--
-- Name: accounts_primary_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_primary_idx ON public.accounts USING btree (primary_logname);


--
-- Name: audit_log_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_account_idx ON public.audit_log USING btree (account, at);


--
-- Name: auto_responders_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auto_responders_owner_idx ON public.auto_responders USING btree (owner, end_at);


--
-- Name: bus_accounts_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bus_accounts_owner_idx ON public.bus_accounts USING btree (owner);


--
-- Name: cards_one_auto_bill_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX cards_one_auto_bill_idx ON public.cards USING btree (owner) WHERE on_auto_billing;


--
-- Name: cards_owner_profile_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX cards_owner_profile_idx ON public.cards USING btree (owner, payment_profile_id);


--
-- Name: circuits_owner_loc_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX circuits_owner_loc_idx ON public.circuits USING btree (owner, loc_name);


--
-- Name: contacts_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contacts_owner_idx ON public.contacts USING btree (owner);


--
-- Name: coworking_purchases_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX coworking_purchases_owner_idx ON public.coworking_purchases USING btree (owner);


--
-- Name: coworking_purchases_trans_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX coworking_purchases_trans_id_idx ON public.coworking_purchases USING btree (trans_id);


--
-- Name: databases_owner_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX databases_owner_name_idx ON public.databases USING btree (owner, name);


--
-- Name: devsites_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX devsites_owner_idx ON public.devsites USING btree (owner);


--
-- Name: domain_agreements_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX domain_agreements_account_idx ON public.domain_agreements USING btree (account);


--
-- Name: domain_grants_admin_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX domain_grants_admin_idx ON public.domain_grants USING btree (admin);


--
-- Name: domains_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX domains_owner_idx ON public.domains USING btree (owner);


--
-- Name: email_aliases_address_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_aliases_address_idx ON public.email_aliases USING btree ((
CASE
    WHEN (src = '*'::text) THEN ('@'::text || domain)
    ELSE ((src || '@'::text) || domain)
END));


--
-- Name: email_aliases_domain_src_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX email_aliases_domain_src_idx ON public.email_aliases USING btree (domain, src);


--
-- Name: error_logs_vid_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX error_logs_vid_id_idx ON public.error_logs USING btree (vid, id);


--
-- Name: hosting_changes_owner_kind_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hosting_changes_owner_kind_idx ON public.hosting_changes USING btree (owner, kind, state);


--
-- Name: hosting_changes_state_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hosting_changes_state_idx ON public.hosting_changes USING btree (state, id);


--
-- Name: hosting_changes_vid_state_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hosting_changes_vid_state_idx ON public.hosting_changes USING btree (vid, state);


--
-- Name: invoices_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invoices_owner_idx ON public.invoices USING btree (owner);


--
-- Name: jobs_ready_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX jobs_ready_idx ON public.jobs USING btree (status, run_at);


--
-- Name: jobs_unique_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX jobs_unique_key_idx ON public.jobs USING btree (unique_key) WHERE (unique_key IS NOT NULL);


--
-- Name: mail_password_changes_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_password_changes_owner_idx ON public.mail_password_changes USING btree (owner, status);


--
-- Name: mailing_lists_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mailing_lists_owner_idx ON public.mailing_lists USING btree (owner);


--
-- Name: newsletter_subscriptions_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX newsletter_subscriptions_owner_idx ON public.newsletter_subscriptions USING btree (owner);


--
-- Name: outbox_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_account_idx ON public.outbox USING btree (account);


--
-- Name: outbox_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_status_idx ON public.outbox USING btree (status);


--
-- Name: payments_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_owner_idx ON public.payments USING btree (owner, date);


--
-- Name: payments_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_status_idx ON public.payments USING btree (status);


--
-- Name: recovery_emails_owner_contact_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX recovery_emails_owner_contact_idx ON public.recovery_emails USING btree (owner, contact_info);


--
-- Name: reset_tokens_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reset_tokens_owner_idx ON public.reset_tokens USING btree (owner);


--
-- Name: revoked_tokens_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX revoked_tokens_expires_idx ON public.revoked_tokens USING btree (expires_at);


--
-- Name: secondary_requests_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX secondary_requests_owner_idx ON public.secondary_requests USING btree (owner);


--
-- Name: temp_emails_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX temp_emails_expires_idx ON public.temp_emails USING btree (expires);


--
-- Name: temp_emails_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX temp_emails_owner_idx ON public.temp_emails USING btree (owner);


--
-- Name: tld_prices_pk; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX tld_prices_pk ON public.tld_prices USING btree (tld, id);


--
-- Name: websites_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX websites_owner_idx ON public.websites USING btree (owner);


--
-- Name: accounts accounts_primary_logname_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_primary_logname_accounts_logname_fk FOREIGN KEY (primary_logname) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: addresses addresses_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.addresses
    ADD CONSTRAINT addresses_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: auto_responders auto_responders_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auto_responders
    ADD CONSTRAINT auto_responders_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: bus_accounts bus_accounts_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bus_accounts
    ADD CONSTRAINT bus_accounts_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: cards cards_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cards
    ADD CONSTRAINT cards_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: circuits circuits_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.circuits
    ADD CONSTRAINT circuits_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: contacts contacts_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contacts
    ADD CONSTRAINT contacts_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: coworking_purchases coworking_purchases_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.coworking_purchases
    ADD CONSTRAINT coworking_purchases_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: databases databases_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.databases
    ADD CONSTRAINT databases_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: devsites devsites_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.devsites
    ADD CONSTRAINT devsites_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: disk_usage disk_usage_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.disk_usage
    ADD CONSTRAINT disk_usage_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: domain_agreements domain_agreements_account_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_agreements
    ADD CONSTRAINT domain_agreements_account_accounts_logname_fk FOREIGN KEY (account) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: domain_grants domain_grants_admin_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_grants
    ADD CONSTRAINT domain_grants_admin_accounts_logname_fk FOREIGN KEY (admin) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: domain_grants domain_grants_domain_domains_domain_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_grants
    ADD CONSTRAINT domain_grants_domain_domains_domain_fk FOREIGN KEY (domain) REFERENCES public.domains(domain) ON DELETE CASCADE;


--
-- Name: domain_grants domain_grants_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domain_grants
    ADD CONSTRAINT domain_grants_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: domains domains_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domains
    ADD CONSTRAINT domains_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: email_aliases email_aliases_domain_domains_domain_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_aliases
    ADD CONSTRAINT email_aliases_domain_domains_domain_fk FOREIGN KEY (domain) REFERENCES public.domains(domain) ON DELETE CASCADE;


--
-- Name: error_logs error_logs_vid_websites_vid_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.error_logs
    ADD CONSTRAINT error_logs_vid_websites_vid_fk FOREIGN KEY (vid) REFERENCES public.websites(vid) ON DELETE CASCADE;


--
-- Name: hosting_changes hosting_changes_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hosting_changes
    ADD CONSTRAINT hosting_changes_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: invoices invoices_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: mail_password_changes mail_password_changes_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_password_changes
    ADD CONSTRAINT mail_password_changes_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: mailing_lists mailing_lists_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mailing_lists
    ADD CONSTRAINT mailing_lists_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: newsletter_subscriptions newsletter_subscriptions_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: payments payments_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: recovery_emails recovery_emails_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_emails
    ADD CONSTRAINT recovery_emails_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: reset_tokens reset_tokens_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_tokens
    ADD CONSTRAINT reset_tokens_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: secondary_requests secondary_requests_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secondary_requests
    ADD CONSTRAINT secondary_requests_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: statement_delivery statement_delivery_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.statement_delivery
    ADD CONSTRAINT statement_delivery_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: temp_emails temp_emails_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.temp_emails
    ADD CONSTRAINT temp_emails_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- Name: websites websites_owner_accounts_logname_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.websites
    ADD CONSTRAINT websites_owner_accounts_logname_fk FOREIGN KEY (owner) REFERENCES public.accounts(logname) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


