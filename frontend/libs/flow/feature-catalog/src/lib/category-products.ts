import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useGetCategoriesQuery, useGetProductsQuery } from '@hostcart/shared-data-access-api';

/**
 * The category of /products/:slug and its orderable products (visible, active, in their order),
 * with the category's name for the heading. Shared by the products screen and the placeholder
 * shown while that screen's code loads, so both ask for the same cache entries.
 */
export function useCategoryProducts() {
  const { slug = '' } = useParams();
  const [query] = useSearchParams();
  const d = query.get('d') ?? undefined;
  const categories = useGetCategoriesQuery(d ? { d } : undefined);
  const productsQuery = useGetProductsQuery({ category: slug, d });
  const { data } = productsQuery;
  const products = useMemo(() => (data ?? []).filter((p) => !p.is_hidden && p.is_active).sort((a, b) => a.order - b.order), [data]);
  const categoryName = categories.data?.find((c) => c.slug === slug)?.name ?? products[0]?.category_name ?? '';
  return { slug, query, d, products, categoryName, productsQuery };
}
