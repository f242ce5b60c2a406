export declare const routerOptions: {
  target: 'react';
  autoCodeSplitting: boolean;
  routesDirectory: string;
  generatedRouteTree: string;
  quoteStyle: 'single';
  routeFileIgnorePattern: string;
};
