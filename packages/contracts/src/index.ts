export * from './constants';
export * from './messages';
export * from './account-messages';
export * from './schemas';
export * from './fact-text';
export * from './share-messages';
export * from './result-messages';
