import type { Migration } from './migration.js';

/**
 * Quotas per account: how many projects and pages it may hold and how many bytes of page content (UTF-8) it may
 * store. A NULL limit is the bridge's default (config.ts, INTERLINKER_QUOTA_*), so changing a default reaches every
 * account the command line has not given its own.
 *
 * Each project keeps its own usage (page_count, content_bytes), kept by triggers on every write of `pages` and
 * `page_contents`, so that an account's usage is a sum over its projects (at most a few hundred rows) rather than a
 * scan of a million pages at every sync. The counts of pages stored before are backfilled here.
 */
export const migration: Migration = {
  version: 16,
  name: 'account-quotas',
  up: `
ALTER TABLE accounts ADD COLUMN max_projects INTEGER CHECK (max_projects >= 0);
ALTER TABLE accounts ADD COLUMN max_pages INTEGER CHECK (max_pages >= 0);
ALTER TABLE accounts ADD COLUMN max_content_bytes INTEGER CHECK (max_content_bytes >= 0);

ALTER TABLE projects ADD COLUMN page_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN content_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE projects SET
  page_count = (SELECT COUNT(*) FROM pages WHERE pages.project_id = projects.id),
  content_bytes = (SELECT COALESCE(SUM(length(CAST(c.content AS BLOB))), 0)
                   FROM pages JOIN page_contents c ON c.page_id = pages.id WHERE pages.project_id = projects.id);

CREATE TRIGGER pages_counted AFTER INSERT ON pages BEGIN
  UPDATE projects SET page_count = page_count + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER pages_uncounted AFTER DELETE ON pages BEGIN
  UPDATE projects SET page_count = page_count - 1 WHERE id = OLD.project_id;
END;
CREATE TRIGGER page_contents_counted AFTER INSERT ON page_contents BEGIN
  UPDATE projects SET content_bytes = content_bytes + length(CAST(NEW.content AS BLOB))
  WHERE id = (SELECT project_id FROM pages WHERE id = NEW.page_id);
END;
CREATE TRIGGER page_contents_recounted AFTER UPDATE OF content ON page_contents BEGIN
  UPDATE projects SET content_bytes = content_bytes - length(CAST(OLD.content AS BLOB)) + length(CAST(NEW.content AS BLOB))
  WHERE id = (SELECT project_id FROM pages WHERE id = NEW.page_id);
END;
CREATE TRIGGER page_contents_uncounted AFTER DELETE ON page_contents BEGIN
  UPDATE projects SET content_bytes = content_bytes - length(CAST(OLD.content AS BLOB))
  WHERE id = (SELECT project_id FROM pages WHERE id = OLD.page_id);
END;
`,
  postgres: `
ALTER TABLE accounts ADD COLUMN max_projects integer CHECK (max_projects >= 0);
ALTER TABLE accounts ADD COLUMN max_pages integer CHECK (max_pages >= 0);
ALTER TABLE accounts ADD COLUMN max_content_bytes bigint CHECK (max_content_bytes >= 0);

ALTER TABLE projects ADD COLUMN page_count integer NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN content_bytes bigint NOT NULL DEFAULT 0;

CREATE FUNCTION interlinker_pages_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE projects SET page_count = page_count + 1 WHERE id = NEW.project_id;
  ELSE
    UPDATE projects SET page_count = page_count - 1 WHERE id = OLD.project_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pages_counted AFTER INSERT OR DELETE ON pages FOR EACH ROW EXECUTE FUNCTION interlinker_pages_counted();

-- octet_length: bytes of UTF-8, as SQLite's length(CAST(content AS BLOB)).
CREATE FUNCTION interlinker_page_contents_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE projects SET content_bytes = content_bytes + octet_length(NEW.content)
    WHERE id = (SELECT project_id FROM pages WHERE id = NEW.page_id);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE projects SET content_bytes = content_bytes - octet_length(OLD.content) + octet_length(NEW.content)
    WHERE id = (SELECT project_id FROM pages WHERE id = NEW.page_id);
  ELSE
    UPDATE projects SET content_bytes = content_bytes - octet_length(OLD.content)
    WHERE id = (SELECT project_id FROM pages WHERE id = OLD.page_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER page_contents_counted AFTER INSERT OR DELETE OR UPDATE OF content ON page_contents
  FOR EACH ROW EXECUTE FUNCTION interlinker_page_contents_counted();
`,
};
