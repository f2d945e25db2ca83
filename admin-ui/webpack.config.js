/**
 * The configuration of @wordpress/scripts, with one change: @wordpress/dataviews is bundled (WordPress ships no
 * script for it), so its stylesheet must be bundled too: not mistaken for a "wp-dataviews/…" script handle, and not
 * dropped as free of side effects (its package.json says "sideEffects": false). And all CSS of an entry goes to one
 * file (index.css, editor.css): the split of "style.css" files into style-*.css is meant for blocks.
 */
const DependencyExtractionWebpackPlugin = require( '@wordpress/dependency-extraction-webpack-plugin' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

module.exports = {
	...defaultConfig,
	module: {
		...defaultConfig.module,
		rules: [
			...defaultConfig.module.rules,
			{ test: /[\\/]@wordpress[\\/]dataviews[\\/]build-style[\\/]style\.css$/, sideEffects: true },
		],
	},
	optimization: {
		...defaultConfig.optimization,
		splitChunks: {
			...defaultConfig.optimization.splitChunks,
			cacheGroups: { ...defaultConfig.optimization.splitChunks.cacheGroups, style: false },
		},
	},
	plugins: [
		...defaultConfig.plugins.filter( ( plugin ) => ! ( plugin instanceof DependencyExtractionWebpackPlugin ) ),
		new DependencyExtractionWebpackPlugin( {
			requestToExternal: ( request ) => ( request.startsWith( '@wordpress/dataviews' ) ? false : undefined ),
		} ),
	],
};
