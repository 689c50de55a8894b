# install.cmake: what `cmake --install` puts where (GNUInstallDirs), in three components that
# are also the three Debian packages (cmake/package.cmake):
#   lib    libhamle.so.0 (the runtime library)
#   dev    headers, libhamle.so, libhamle.a, hamle.pc, the CMake package, libhamle(3)
#   tools  the hamle-* tools, the locale files, their man pages, bash completion
# Soname policy (docs/install.md): libhamle.so.MAJOR; MAJOR (HAMLE_SOVERSION) goes up with
# every change that breaks the ABI (set in the top CMakeLists.txt), the file carries the project
# version.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(HAMLE_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/hamle)

install(TARGETS hamle EXPORT hamleTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lib NAMELINK_COMPONENT dev)
install(TARGETS hamle_static ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
file(GLOB HAMLE_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/lib/include/hamle/*.h)
install(FILES ${HAMLE_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hamle COMPONENT dev)

# The CMake package: relocatable (paths relative to the installed config file).
install(EXPORT hamleTargets NAMESPACE hamle:: DESTINATION ${HAMLE_CMAKEDIR} COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/hamleConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/hamleConfig.cmake INSTALL_DESTINATION ${HAMLE_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/hamleConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/hamleConfig.cmake ${PROJECT_BINARY_DIR}/cmake/hamleConfigVersion.cmake
  DESTINATION ${HAMLE_CMAKEDIR} COMPONENT dev)

# hamle.pc: made by configure_file when installing, so that its paths are those of the prefix
# installed to (`cmake --install build --prefix P`, or /usr for the Debian packages).
foreach(d LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(HAMLE_PC_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(HAMLE_PC_${d} "\\\${prefix}/${CMAKE_INSTALL_${d}}")  # \${prefix} in the install script
  endif()
endforeach()
install(CODE "
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  set(HAMLE_PC_LIBDIR \"${HAMLE_PC_LIBDIR}\")
  set(HAMLE_PC_INCLUDEDIR \"${HAMLE_PC_INCLUDEDIR}\")
  set(_pc \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/hamle.pc\")
  if(IS_ABSOLUTE \"${CMAKE_INSTALL_LIBDIR}\")
    set(_pc \"\$ENV{DESTDIR}${CMAKE_INSTALL_LIBDIR}/pkgconfig/hamle.pc\")
  endif()
  message(STATUS \"Installing: \${_pc}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/cmake/hamle.pc.in\" \"\${_pc}\" @ONLY)
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${_pc}\")
" COMPONENT dev)

# The tools, the locales they find at run time (<datadir>/hamle/locales), man pages, completion.
foreach(t ${HAMLE_TOOLS})
  install(TARGETS ${t} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
endforeach()
file(GLOB HAMLE_LOCALE_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/locales/*.yaml)
install(FILES ${HAMLE_LOCALE_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/hamle/locales COMPONENT tools)
# Man pages (docs/man/, roff written by hand), compressed as Debian has them.
file(GLOB HAMLE_MAN_PAGES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/*.[1-8])
set(_man_gz "")
foreach(page ${HAMLE_MAN_PAGES})
  get_filename_component(_pn ${page} NAME)
  string(REGEX REPLACE ".*\\." "" _sec ${_pn})
  set(_gz ${PROJECT_BINARY_DIR}/man/${_pn}.gz)
  add_custom_command(OUTPUT ${_gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND gzip -9nc ${page} > ${_gz}
    DEPENDS ${page} VERBATIM)
  list(APPEND _man_gz ${_gz})
  if(_sec STREQUAL "1")
    install(FILES ${_gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
  else()
    install(FILES ${_gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${_sec} COMPONENT dev)
  endif()
endforeach()
add_custom_target(hamle_man ALL DEPENDS ${_man_gz})
# One script for every tool; bash-completion loads completions/NAME on demand, so each tool's
# name is a link to it.
set(HAMLE_COMPLETION_NAMES hamle-validate hamle-convert hamle-move hamle-perft hamle-annotate hamle-reconcile)
set(_compdir ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PROJECT_SOURCE_DIR}/tools/completion/hamle.bash DESTINATION ${_compdir}
  RENAME hamle COMPONENT tools)
foreach(n ${HAMLE_COMPLETION_NAMES})
  install(CODE "
    set(_d \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${_compdir}\")
    file(CREATE_LINK hamle \"\${_d}/${n}\" SYMBOLIC)
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${_d}/${n}\")
  " COMPONENT tools)
endforeach()
