/**
 * WordPress core routes the screens need: finding posts by title and listing categories.
 */
import { request } from './request';
import type { Category, PostSearchResult } from './types';

interface CoreSearchItem {
	id: number;
	title: string;
	subtype: string;
	url: string;
}

export async function searchPosts(
	search: string,
	subtypes: string[]
): Promise< PostSearchResult[] > {
	const items = await request< CoreSearchItem[] >( '/wp/v2/search', {
		args: {
			search,
			type: 'post',
			subtype: subtypes.length > 0 ? subtypes.join( ',' ) : 'any',
			per_page: 20,
			_fields: 'id,title,subtype,url',
		},
	} );
	return items.map( ( item ) => ( {
		id: item.id,
		title: item.title,
		subtype: item.subtype,
		url: item.url,
	} ) );
}

/**
 * One post by id (any searchable type), or null when there is none the user may see.
 * @param id
 */
export async function fetchPostById(
	id: number
): Promise< PostSearchResult | null > {
	const items = await request< CoreSearchItem[] >( '/wp/v2/search', {
		args: {
			include: id,
			type: 'post',
			subtype: 'any',
			_fields: 'id,title,subtype,url',
		},
	} );
	const item = items.find( ( candidate ) => candidate.id === id );
	return item
		? {
				id: item.id,
				title: item.title,
				subtype: item.subtype,
				url: item.url,
		  }
		: null;
}

interface CoreCategory {
	id: number;
	name: string;
}

export async function fetchCategories(): Promise< Category[] > {
	const items = await request< CoreCategory[] >( '/wp/v2/categories', {
		args: {
			per_page: 100,
			orderby: 'name',
			order: 'asc',
			_fields: 'id,name',
			context: 'view',
		},
	} );
	return items.map( ( item ) => ( { id: item.id, name: item.name } ) );
}
