export * from './lib/stripe.payments';
