# package.cmake: Debian packages with `cpack -G DEB` (in the build directory), one per install
# component (cmake/install.cmake):
#   libhamle0      libhamle.so.0                       (section libs)
#   libhamle-dev   headers, libhamle.so/.a, hamle.pc, CMake package, libhamle(3)   (libdevel)
#   hamle          the tools, locales, man pages, bash completion                  (text)
# Each is named NAME_VERSION-RELEASE_ARCH.deb; dpkg-shlibdeps computes the run-time dependencies.
# tests/deb/deb_install.sh installs them on a fresh Debian 12 root (ctest label deb).

# Debian wants a copyright file (machine-readable: cmake/debian/copyright) and a compressed changelog in /usr/share/doc/PACKAGE, and man
# pages compressed; these are made here and installed with each component, for the packages only
# (EXCLUDE_FROM_ALL: cpack installs component by component, `cmake --install` everything else).
set(HAMLE_DEB_PACKAGES lib:libhamle0 dev:libhamle-dev tools:hamle)
set(_pkgdoc ${PROJECT_BINARY_DIR}/pkgdoc)
file(MAKE_DIRECTORY ${_pkgdoc})
string(TIMESTAMP _date "%a, %d %b %Y %H:%M:%S +0000" UTC)
if(DEFINED ENV{SOURCE_DATE_EPOCH})
  set(_date "Thu, 01 Jan 1970 00:00:00 +0000")
endif()
foreach(cp ${HAMLE_DEB_PACKAGES})
  string(REPLACE ":" ";" cp "${cp}")
  list(GET cp 0 comp)
  list(GET cp 1 pkg)
  file(WRITE ${_pkgdoc}/${pkg}.changelog.Debian
    "${pkg} (${PROJECT_VERSION}-1) unstable; urgency=medium\n\n"
    "  * Built from the hamle sources with cpack.\n\n"
    " -- hamle maintainers <maintainers@hamle.invalid>  ${_date}\n")
  execute_process(COMMAND gzip -9nf ${_pkgdoc}/${pkg}.changelog.Debian)
  install(FILES ${_pkgdoc}/${pkg}.changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${pkg}
    RENAME changelog.Debian.gz COMPONENT ${comp} EXCLUDE_FROM_ALL)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${pkg}
    COMPONENT ${comp} EXCLUDE_FROM_ALL)
endforeach()

set(CPACK_PACKAGE_NAME hamle)
set(CPACK_PACKAGE_VENDOR "The hamle authors")
set(CPACK_PACKAGE_CONTACT "hamle maintainers <maintainers@hamle.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: each package has its own CPACK_COMPONENT_<C>_DESCRIPTION,
# whose first line is the package's synopsis and the rest
# its long description (CPack indents it; a line with a space in front is shown as written).
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL lib dev tools)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "hamle maintainers <maintainers@hamle.invalid>")
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS OFF)

set(CPACK_DEBIAN_LIB_PACKAGE_NAME libhamle0)
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
# shlibs (so that packages built against it depend on it) and the ldconfig trigger, which
# Debian prefers to ldconfig in postinst/postrm
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
file(WRITE ${_pkgdoc}/triggers "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA ${_pkgdoc}/triggers)
# CPack also writes postinst and postrm scripts that call ldconfig, which the trigger does already
# (lintian: maintscript-calls-ldconfig): cmake/deb_post_build.cmake takes them out of libhamle0.
set(CPACK_POST_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/deb_post_build.cmake)
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_COMPONENT_LIB_DESCRIPTION "chess notation library: read, replay and write games in several languages
libhamle reads algebraic chess notation in English, Turkish, German, French,
Spanish, Italian and Dutch, and figurine notation (each language described by
a YAML locale file), from PGN files and from typed scoresheets in UTF-8 or
legacy 8-bit encodings. It replays every game with full legality checking
by the FIDE Laws of Chess, reports each illegal, ambiguous or malformed move
with its line and column and what was most likely meant, and writes games
back as PGN or as scoresheets in any of its languages.

This package holds the shared library used by the hamle tools.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libhamle-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "libhamle0 (= ${PROJECT_VERSION}-1), libyaml-dev, libpcre2-dev, pkg-config | pkgconf")
set(CPACK_COMPONENT_DEV_DESCRIPTION "chess notation library: development files
libhamle reads and writes algebraic chess notation in several languages and
replays games with full legality checking by the FIDE Laws of Chess.

This package holds what programs built against libhamle need: the C
headers, the static library, the pkg-config file hamle.pc, the CMake
package (find_package(hamle)) and the libhamle(3) manual page.")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME hamle)
# the tools load libarchive with dlopen (cmd/common/input/archive_lib.h), which dpkg-shlibdeps cannot
# see: named here (3.3.3: zstd); shlibdeps adds the linked libraries to it
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "${HAMLE_LIBARCHIVE_PACKAGE} (>= 3.3.3)")
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION text)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION "validate, convert and annotate chess scoresheets and PGN files
Command-line tools for arbiters, federations and database keepers:
 * hamle-validate checks typed scoresheets and PGN files and reports each
   illegal, ambiguous or malformed move with its place, what the writer most
   likely meant and any moves left out, as text, JSON Lines or an HTML report;
 * hamle-convert converts between notations and languages (Turkish, German,
   English PGN and others), repairing what it can;
 * hamle-annotate comments a game by the Laws of Chess and, with a UCI
   engine such as stockfish, by analysis;
 * hamle-reconcile compares the two players' sheets of one game;
 * hamle-move plays moves from a position and hamle-perft counts move trees.
They read files, directories, compressed files and archives, and standard
input, for shell pipelines.")

# The tools link libhamle.so.0: dpkg-shlibdeps finds it in a copy under a package root whose
# DEBIAN/shlibs names this build's libhamle0, so that hamle depends on exactly that version.
set(_shroot ${PROJECT_BINARY_DIR}/pkgdoc/shlibs-root)
file(WRITE ${_shroot}/DEBIAN/shlibs "libhamle ${HAMLE_SOVERSION} libhamle0 (= ${PROJECT_VERSION}-1)\n")
add_custom_target(hamle_shlibs_root ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_shroot}/lib
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:hamle> ${_shroot}/lib/$<TARGET_SONAME_FILE_NAME:hamle>
  DEPENDS hamle VERBATIM)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${_shroot}/lib)

include(CPack)
