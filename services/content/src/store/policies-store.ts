import type { PolicyDocument, PolicySlug } from '@storefront/commerce';
import type { Queryable } from '@storefront/service-kit';

interface PolicyRow {
  slug: PolicySlug;
  title: string;
  summary: string;
  updated_on: string | Date;
  sections: PolicyDocument['sections'];
}

export async function findPolicy(db: Queryable, slug: PolicySlug): Promise<PolicyDocument | null> {
  const { rows } = await db.query<PolicyRow>(
    "SELECT slug, title, summary, to_char(updated_on, 'YYYY-MM-DD') AS updated_on, sections FROM policy_documents WHERE slug = $1",
    [slug],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    updatedOn: String(row.updated_on),
    sections: row.sections,
  };
}
