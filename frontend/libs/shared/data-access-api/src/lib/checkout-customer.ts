import { useEffect } from 'react';
import { useGetCartQuery } from './cart';
import { useGetCurrentBrandQuery } from './catalog';
import { isExistingCustomer, loginOffered, useGetSessionCustomerQuery } from './customer';
import { syncCustomerNumber } from './customer-number';

/**
 * What the customer screens and their guards need (spec §4 "Guards"): the brand, whether the cart
 * has items, and the session's customer. The stored customer number follows the session's.
 */
export function useCheckoutCustomer() {
  const brand = useGetCurrentBrandQuery();
  const cart = useGetCartQuery();
  const customer = useGetSessionCustomerQuery();
  const customerNo = customer.data?.customer.customer_no;
  useEffect(() => {
    if (customer.data) syncCustomerNumber(customerNo);
  }, [customer.data, customerNo]);
  return {
    brand: brand.data,
    customer: customer.data?.customer,
    notices: customer.data?.notices ?? [],
    isLoading: brand.isLoading || cart.isLoading || customer.isLoading,
    error: brand.error ?? cart.error ?? customer.error,
    refetch: () => {
      void brand.refetch();
      void cart.refetch();
      void customer.refetch();
    },
    cartEmpty: (cart.data?.cart.items.length ?? 0) === 0,
    existing: isExistingCustomer(customer.data?.customer),
    loginOffered: loginOffered(brand.data),
  };
}

export type CheckoutCustomer = ReturnType<typeof useCheckoutCustomer>;
