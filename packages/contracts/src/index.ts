export * from './constants';
export * from './messages';
export * from './account-messages';
export * from './schemas';
export * from './share-messages';
export * from './browse';
export * from './browse-schemas';
