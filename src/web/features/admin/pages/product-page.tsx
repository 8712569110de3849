// /admin/products/new and /admin/products/:id: the product form, its image, archive/restore and stock.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { toast } from '@/web/lib/toast';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type AdminProduct, type CreateProductBody, type UpdateProductBody } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ImageField, ImageUpload, uploadChosenImage, useImageChoice } from '../components/image-field';
import { QueryState } from '../components/list-states';
import { RecordNotFound, retryUnlessMissing } from '../components/record-not-found';
import { PageHeader } from '../components/page-header';
import { useAdminAction } from '../hooks/use-admin-action';
import { ProductForm } from './product-form';
import { VariantsPanel } from './variants/variants-panel';

function useCategories() {
  return useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: async () => (await adminApi.products({ pageSize: 1, state: 'all' })).categories,
  });
}

const backToProducts = (
  <Link to="/admin/products" className="text-brand-700 underline">
    Back to products
  </Link>
);

function NewProduct() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const image = useImageChoice();

  const save = async (body: CreateProductBody) => {
    // A refused file stays on screen with its message: fix it (or clear it) before creating.
    if (image.error) {
      toast.error(image.error);
      return;
    }
    const { product } = await adminApi.createProduct(body);
    await uploadChosenImage(image.file, (file) => adminApi.uploadProductImage(product.id, file), 'product');
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    toast.success(`${product.name} was created.`);
    navigate(`/admin/products/${product.id}`);
  };

  return (
    <>
      <PageHeader title="New product" description={backToProducts} />
      <Card>
        <CardContent>
          <ProductForm product={null} categories={categories.data ?? []} onSave={save} submitLabel="Create product">
            <ImageField label="Image" currentUrl={null} file={image.file} error={image.error} onFile={image.onFile} />
          </ProductForm>
        </CardContent>
      </Card>
    </>
  );
}

function ArchiveButton({ product }: { product: AdminProduct }) {
  const run = useAdminAction();
  const archived = product.archivedAt !== null;
  return (
    <ConfirmDialog
      trigger={<Button variant={archived ? 'outline' : 'destructive'}>{archived ? 'Restore product' : 'Archive product'}</Button>}
      title={archived ? `Restore ${product.name}?` : `Archive ${product.name}?`}
      description={
        archived
          ? 'It comes back to the product list, and to the shop if it is published.'
          : 'It leaves the shop and the product list. Past orders keep their lines. You can restore it later.'
      }
      confirmLabel={archived ? 'Restore' : 'Archive'}
      confirmVariant={archived ? 'default' : 'destructive'}
      onConfirm={() =>
        run(
          () => adminApi.archiveProduct(product.id, !archived),
          archived ? 'Product restored.' : 'Product archived: it is no longer in the shop.',
        )
      }
    />
  );
}

function EditProduct({ product, categories }: { product: AdminProduct; categories: string[] }) {
  const queryClient = useQueryClient();
  // The same answer the Options and variants panel reads (one request).
  const variants = useQuery({ queryKey: ['admin', 'variants', product.id], queryFn: () => adminApi.variants(product.id) });
  const pricedPerVariant = (variants.data?.options.length ?? 0) > 0;
  const save = async (body: UpdateProductBody) => {
    await adminApi.updateProduct(product.id, body);
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    toast.success('Product saved.');
  };
  return (
    <>
      <PageHeader
        title={product.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {backToProducts}
            {product.archivedAt && <Badge tone="danger">Archived</Badge>}
          </span>
        }
        actions={<ArchiveButton product={product} />}
      />
      <div className="grid gap-6 2xl:grid-cols-2">
        <Card>
          <CardContent className="space-y-6">
            <ProductForm
              key={`${product.updatedAt}:${product.priceCents}`}
              product={product}
              categories={categories}
              onSave={save}
              submitLabel="Save product"
              pricedPerVariant={pricedPerVariant}
            />
            <ImageUpload
              label="Image"
              currentUrl={product.imageUrl}
              upload={(file) => adminApi.uploadProductImage(product.id, file)}
              success="Image uploaded."
            />
          </CardContent>
        </Card>
        <VariantsPanel product={product} />
      </div>
    </>
  );
}

function LoadedProduct({ id }: { id: string }) {
  const categories = useCategories();
  const query = useQuery({ queryKey: ['admin', 'product', id], queryFn: () => adminApi.product(id), retry: retryUnlessMissing });
  return (
    <QueryState
      query={query}
      what="the product"
      notFound={<RecordNotFound title="Product not found" backTo="/admin/products" backLabel="Back to products" />}
    >
      {({ product }) => <EditProduct product={product} categories={categories.data ?? []} />}
    </QueryState>
  );
}

export default function ProductPage() {
  const { id } = useParams();
  return id ? <LoadedProduct key={id} id={id} /> : <NewProduct />;
}
