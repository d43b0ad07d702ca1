import type { PolicyDocument, PolicySlug } from '@storefront/commerce/content';
import type { Queryable } from '@storefront/server-kit';

interface PolicyRow {
  slug: PolicySlug;
  title: string;
  summary: string;
  updated_on: string | Date;
  sections: PolicyDocument['sections'];
}

export async function listPolicies(db: Queryable): Promise<PolicyDocument[]> {
  const { rows } = await db.query<PolicyRow>(
    "SELECT slug, title, summary, to_char(updated_on, 'YYYY-MM-DD') AS updated_on, sections FROM policy_documents",
  );
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    updatedOn: String(row.updated_on),
    sections: row.sections,
  }));
}
