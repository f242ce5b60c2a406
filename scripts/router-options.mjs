// The file-route options, shared by the Vite plugin and `npm run routes`.
export const routerOptions = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: 'src/routes',
  generatedRouteTree: 'src/routeTree.gen.ts',
  quoteStyle: 'single',
  routeFileIgnorePattern: '\\.test\\.tsx?$',
};
